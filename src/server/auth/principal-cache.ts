import type { Principal } from '../plugins/access-control';

/** The NOTIFY channel the database tells session changes on (migration 0015). */
export const PRINCIPALS_CHANNEL = 'registry_principals';

/** A notice naming one user ('user:{id}'): only that user's sessions are forgotten. */
const USER_NOTICE = 'user:';

interface Entry {
  principal: Principal;
  validUntil: number;
}

/**
 * Who a session is, remembered for a few seconds so that a signed-in request needs no session
 * query of its own (issue 11). Immediacy of revocation rests on forgetting, never on the age:
 * - the database notifies every change that can alter a session's principal (a session ended or
 *   re-timed, a holder's e-mail, role or activity, a user, a time zone), and each server forgets;
 * - while that notification channel is not listening, nothing is remembered or answered;
 * - a write request in this process forgets everything before its answer leaves, so the next
 *   request sees its effect without waiting for the notification (plugins/session-cache.ts
 *   names the writes that cannot change a principal);
 * - an answer read before a forgetting is not stored after it (the generation check).
 * An entry also never outlives the session's own expiry, nor `maxAgeMs`.
 */
export class PrincipalCache {
  #entries = new Map<string, Entry>();
  #generation = 0;
  #listening = false;

  constructor(
    private readonly maxAgeMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Taken before reading a session; `remember` stores the answer only if nothing was forgotten since. */
  get generation(): number {
    return this.#generation;
  }

  get listening(): boolean {
    return this.#listening;
  }

  recall(key: string, now: number): Principal | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now < entry.validUntil) return { ...entry.principal };
    this.#entries.delete(key);
    return undefined;
  }

  remember(key: string, principal: Principal, expiresAt: number, generation: number, now: number) {
    if (!this.#listening || generation !== this.#generation) return;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, { principal, validUntil: Math.min(expiresAt, now + this.maxAgeMs) });
  }

  forgetAll(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** A database notice: one user's sessions, or (any other payload) everyone's. */
  notice(payload: string): void {
    if (!payload.startsWith(USER_NOTICE)) return this.forgetAll();
    const userId = payload.slice(USER_NOTICE.length);
    this.#generation += 1;
    for (const [key, entry] of this.#entries)
      if (entry.principal.userId === userId) this.#entries.delete(key);
  }

  /** The notification channel started, was lost, or resumed: either way, start from nothing. */
  setListening(listening: boolean): void {
    this.forgetAll();
    this.#listening = listening;
  }
}
