import { formatAmount, parseAmount, type ClassType, type OperationInput } from '../../ledger';
import type { LedgerTransaction } from '../db/ledger-transaction';
import { postOperation } from '../ledger-store/post-operation';

interface HeldCertificate {
  id: string;
  /** Creation order, the order certificates are numbered in. */
  order: number;
  holderId: string;
  classType: ClassType;
  /** Hundredths. */
  balance: bigint;
}

/** A small deterministic PRNG (mulberry32), so the demo is the same on every start. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const parseSignedShares = (text: string): bigint =>
  text.startsWith('-') ? -parseAmount(text.slice(1)) : parseAmount(text);

/**
 * A random walk over the demo ledger: each step posts one operation through the same posting
 * code as the API, chosen from what the holders hold at that point.
 */
export class DemoWalk {
  readonly rand = random(20220103);
  transactions = 0;
  private readonly certificates = new Map<string, HeldCertificate>();

  constructor(
    private readonly lt: LedgerTransaction,
    private readonly organizationId: string,
    readonly holders: string[],
  ) {}

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)]!;
  }

  async post(input: OperationInput): Promise<void> {
    const posted = await postOperation(this.lt, {
      organizationId: this.organizationId,
      input,
      actor: { userId: 'demo-seed', holderId: null },
      requestId: 'demo-seed',
    });
    for (const c of posted.certificates) {
      this.certificates.set(c.id, {
        id: c.id,
        order: this.certificates.size,
        holderId: c.holderId,
        classType: c.classType,
        balance: 0n,
      });
    }
    for (const t of posted.transactions) {
      this.certificates.get(t.certificateId)!.balance += parseSignedShares(t.shares);
    }
    this.transactions += posted.transactions.length;
  }

  heldBy(holderId: string, classType?: ClassType): HeldCertificate[] {
    return [...this.certificates.values()]
      .filter(
        (c) =>
          c.holderId === holderId && c.balance > 0n && (!classType || c.classType === classType),
      )
      .sort((a, b) => a.order - b.order);
  }

  withShares(classType?: ClassType): string[] {
    return this.holders.filter((h) => this.heldBy(h, classType).length > 0);
  }

  /** Whole shares between `min` and `max` of what is available (all of it if that rounds to 0). */
  portion(available: bigint, min: number, max: number): bigint {
    const share = BigInt(Math.floor((min + this.rand() * (max - min)) * 100));
    const amount = (available * share) / 10_000n;
    const whole = (amount / 100n) * 100n;
    return whole > 0n ? whole : available;
  }

  async issue(date: string, price: string): Promise<void> {
    await this.post({
      type: 'New Issue',
      holderId: this.pick(this.holders),
      date,
      shares: String(500 + Math.floor(this.rand() * 40) * 100),
      cost: price,
      classType: this.rand() < 0.2 ? 'preferred' : 'common',
      notes: this.rand() < 0.5 ? 'Employee grant' : '',
    });
  }

  /** A sale to another holder; `multi` takes shares from two certificates at once. */
  async transfer(date: string, price: string, multi: boolean): Promise<void> {
    const from = multi
      ? this.holders.find((h) => this.heldBy(h, 'common').length >= 1)!
      : this.pick(this.withShares());
    if (multi && this.heldBy(from).length < 2) {
      await this.post({ type: 'New Issue', holderId: from, date, shares: '1500', cost: price });
    }
    const origins = this.heldBy(from).slice(0, multi ? 2 : 1 + Math.floor(this.rand() * 2));
    const available = origins.reduce((sum, c) => sum + c.balance, 0n);
    const first = origins[0]!.balance;
    const shares =
      origins.length > 1 && available > first + 100n
        ? first + this.portion(available - first, 0.1, 0.9)
        : this.portion(available, 0.05, 0.6);
    await this.post({
      type: 'Transfer',
      holderId: from,
      toHolderId: this.pick(this.holders.filter((h) => h !== from)),
      date,
      shares: formatAmount(shares),
      cost: price,
      originCertificateIds: origins.map((c) => c.id),
      reason: 'Private sale',
    });
  }

  async convert(date: string): Promise<void> {
    const holderId = this.pick(this.withShares('common'));
    const origins = this.heldBy(holderId, 'common').slice(0, 2);
    const shares = this.portion(origins[0]!.balance, 0.1, 0.5);
    await this.post({
      type: 'Convert to Preferred',
      holderId,
      date,
      shares: formatAmount(shares),
      originCertificateIds: origins.map((c) => c.id),
      notes: 'Partial conversion',
    });
  }

  async cancel(date: string, price: string): Promise<void> {
    const holderId = this.pick(this.withShares());
    const origins = this.heldBy(holderId).slice(0, 1);
    await this.post({
      type: 'Cancel',
      holderId,
      date,
      shares: formatAmount(this.portion(origins[0]!.balance, 0.05, 0.3)),
      cost: price,
      originCertificateIds: origins.map((c) => c.id),
      reason: 'Repurchased by the company',
    });
  }
}
