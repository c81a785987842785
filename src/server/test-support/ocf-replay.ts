// A tiny OCF interpreter for the export's tests (decision 126): replays stock transactions as
// OCF describes them, knowing nothing of our ledger, and answers each stakeholder's shares per
// stock class. It refuses what OCF does not allow: a security issued twice, a transaction on a
// security that is not outstanding, taking more than it holds, a remainder without its balance
// security (or a balance security of the wrong quantity), a resulting security never issued,
// dates out of order, an id used twice.

type Item = Record<string, unknown> & { object_type: string; id: string; date: string };

interface Security {
  stakeholder: string;
  stockClass: string;
  /** Hundredths. */
  quantity: bigint;
  outstanding: boolean;
}

/** OCF Numeric with at most 2 decimals (the export's), in hundredths. */
export function numericHundredths(text: unknown): bigint {
  const match = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text) : null;
  if (!match) throw new Error(`not a 2-decimal OCF Numeric: ${String(text)}`);
  const value = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

const CONSUMING: Record<string, string> = {
  TX_STOCK_TRANSFER: 'quantity',
  TX_STOCK_CONVERSION: 'quantity_converted',
  TX_STOCK_CANCELLATION: 'quantity',
};

/** "stakeholder id|stock class id" → hundredths of a share held. */
export type OcfHoldings = Map<string, bigint>;

export function replayOcf(items: readonly Item[]): OcfHoldings {
  const securities = new Map<string, Security>();
  const ids = new Set<string>();
  /** Securities some transaction promised (resulting, balance) and the quantity a balance must have. */
  const promised = new Map<string, bigint | null>();
  let lastDate = '';
  for (const item of items) {
    if (ids.has(item.id)) throw new Error(`id ${item.id} used twice`);
    ids.add(item.id);
    if (item.date < lastDate) throw new Error(`${item.id} dated before the transaction before it`);
    lastDate = item.date;
    const securityId = item['security_id'] as string;
    if (item.object_type === 'TX_STOCK_ISSUANCE') {
      if (securities.has(securityId)) throw new Error(`security ${securityId} issued twice`);
      const quantity = numericHundredths(item['quantity']);
      const expected = promised.get(securityId);
      if (expected !== undefined && expected !== null && expected !== quantity)
        throw new Error(`balance security ${securityId}: ${quantity} issued, ${expected} left`);
      promised.delete(securityId);
      securities.set(securityId, {
        stakeholder: item['stakeholder_id'] as string,
        stockClass: item['stock_class_id'] as string,
        quantity,
        outstanding: true,
      });
      continue;
    }
    const field = CONSUMING[item.object_type];
    if (field === undefined) throw new Error(`unexpected ${item.object_type}`);
    const security = securities.get(securityId);
    if (!security?.outstanding) throw new Error(`${item.id}: ${securityId} is not outstanding`);
    const taken = numericHundredths(item[field]);
    if (taken <= 0n || taken > security.quantity)
      throw new Error(`${item.id} takes ${taken} of ${security.quantity}`);
    security.outstanding = false;
    const balance = item['balance_security_id'] as string | undefined;
    const left = security.quantity - taken;
    if (left > 0n !== (balance !== undefined))
      throw new Error(`${item.id}: ${left} left, balance security ${String(balance)}`);
    if (balance !== undefined) promised.set(balance, left);
    for (const id of (item['resulting_security_ids'] as string[] | undefined) ?? []) {
      if (!securities.has(id) && !promised.has(id)) promised.set(id, null);
    }
  }
  if (promised.size > 0) throw new Error(`never issued: ${[...promised.keys()].join(', ')}`);
  const holdings: OcfHoldings = new Map();
  for (const s of securities.values()) {
    if (!s.outstanding) continue;
    const key = `${s.stakeholder}|${s.stockClass}`;
    holdings.set(key, (holdings.get(key) ?? 0n) + s.quantity);
  }
  return holdings;
}
