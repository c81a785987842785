/** Waited longer for a scope than the request may: nothing of it ran. */
export class ScopeBusy extends Error {
  constructor() {
    super('another write of this scope held it for longer than the request may wait');
  }
}

type Mode = 'shared' | 'exclusive';
interface Waiter {
  mode: Mode;
  grant: () => void;
}
interface Scope {
  readers: number;
  writer: boolean;
  queue: Waiter[];
}

/**
 * Readers-writer locks in this process, one per scope (a string), granted first come first
 * served so that a writer is not starved by a stream of readers. A wait longer than `waitMs`
 * gives up with ScopeBusy.
 */
export class ScopeLocks {
  readonly #scopes = new Map<string, Scope>();

  async with<T>(key: string, mode: Mode, waitMs: number, work: () => Promise<T>): Promise<T> {
    await this.#acquire(key, mode, waitMs);
    try {
      return await work();
    } finally {
      this.#release(key, mode);
    }
  }

  #scope(key: string): Scope {
    let scope = this.#scopes.get(key);
    if (!scope) this.#scopes.set(key, (scope = { readers: 0, writer: false, queue: [] }));
    return scope;
  }

  #acquire(key: string, mode: Mode, waitMs: number): Promise<void> {
    const scope = this.#scope(key);
    if (scope.queue.length === 0 && fits(scope, mode)) {
      take(scope, mode);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        mode,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        scope.queue.splice(scope.queue.indexOf(waiter), 1);
        this.#grantWaiting(key, scope);
        reject(new ScopeBusy());
      }, waitMs);
      scope.queue.push(waiter);
    });
  }

  #release(key: string, mode: Mode): void {
    const scope = this.#scopes.get(key)!;
    if (mode === 'exclusive') scope.writer = false;
    else scope.readers--;
    this.#grantWaiting(key, scope);
  }

  /** Grants the waiters at the head of the queue that fit; forgets an idle scope. */
  #grantWaiting(key: string, scope: Scope): void {
    while (scope.queue.length > 0 && fits(scope, scope.queue[0]!.mode)) {
      const next = scope.queue.shift()!;
      take(scope, next.mode);
      next.grant();
    }
    if (scope.readers === 0 && !scope.writer && scope.queue.length === 0) this.#scopes.delete(key);
  }
}

const fits = (scope: Scope, mode: Mode) =>
  !scope.writer && (mode === 'shared' || scope.readers === 0);

function take(scope: Scope, mode: Mode): void {
  if (mode === 'exclusive') scope.writer = true;
  else scope.readers++;
}
