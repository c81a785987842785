import type { ClassType, OperationType } from '../../../ledger';
import type { OcfReportItem } from '../../../contract/ocf-import';
import { exactAmount } from './ocf-amount';
import type { OcfItem } from './ocf-package';

// Pure: OCF stock transactions as the ledger's operations. A root TX_STOCK_ISSUANCE is a New
// Issue; a transfer is one Transfer per resulting security (each an issuance to the transferee);
// a conversion of common into one preferred security of the same holder is Convert to Preferred;
// a cancellation, or a repurchase, is a Cancel. A balance security stays the origin certificate
// (the ledger keeps the remainder on it). Operations come in date order, each after the one that
// issued its origin; what cannot be expressed is reported by id, and so is what depends on it.

export interface PlannedOperation {
  ocfId: string;
  objectType: string;
  date: string;
  type: OperationType;
  holderOcfId: string;
  toHolderOcfId: string | null;
  shares: string;
  cost: string;
  classType: ClassType;
  notes: string | null;
  reason: string | null;
  /** The securities the operation takes its shares from, in order. */
  sources: string[];
  /** The security its new certificate stands for, and that security's custom_id. */
  result: string | null;
  customId: string | null;
  /** Balance securities after it, each with the source whose certificate keeps the rest. */
  balances: Array<[balance: string, source: string]>;
}

export interface OperationsPlan {
  operations: PlannedOperation[];
  notExpressible: OcfReportItem[];
  invalid: OcfReportItem[];
}

const DERIVING = [
  'TX_STOCK_TRANSFER',
  'TX_STOCK_CONVERSION',
  'TX_STOCK_CANCELLATION',
  'TX_STOCK_REPURCHASE',
  'TX_STOCK_REISSUANCE',
  'TX_STOCK_CONSOLIDATION',
];

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
const comments = (item: OcfItem) => list(item.comments).join('\n') || null;

class Unexpressible extends Error {}
class Invalid extends Error {}

export interface PlanContext {
  holders: ReadonlySet<string>;
  classes: ReadonlyMap<string, ClassType>;
}

class Planner {
  readonly issuances = new Map<string, OcfItem>();
  readonly derived = new Set<string>();
  readonly plan: OperationsPlan = { operations: [], notExpressible: [], invalid: [] };
  constructor(
    readonly items: readonly OcfItem[],
    readonly ctx: PlanContext,
  ) {
    for (const item of items) {
      if (item.object_type === 'TX_STOCK_ISSUANCE')
        this.issuances.set(String(item.security_id), item);
      if (!DERIVING.includes(item.object_type)) continue;
      for (const id of [...list(item.resulting_security_ids), str(item.balance_security_id)])
        if (id) this.derived.add(id);
      const consolidated = str(item.resulting_security_id);
      if (consolidated) this.derived.add(consolidated);
    }
  }

  issuance(securityId: string | null, what: string): OcfItem {
    const found = securityId ? this.issuances.get(securityId) : undefined;
    if (!found) throw new Invalid(`${what} ${securityId ?? '(none)'} has no TX_STOCK_ISSUANCE`);
    return found;
  }

  holder(issuance: OcfItem): string {
    const id = String(issuance.stakeholder_id);
    if (!this.ctx.holders.has(id))
      throw new Invalid(
        `stakeholder_id ${id} (of ${issuance.id}) is not a stakeholder of the package`,
      );
    return id;
  }

  classOf(issuance: OcfItem): ClassType {
    const classType = this.ctx.classes.get(String(issuance.stock_class_id));
    if (!classType)
      throw new Unexpressible(
        `stock_class_id ${String(issuance.stock_class_id)} (of ${issuance.id}) is not a class the registry keeps`,
      );
    return classType;
  }

  amount(text: unknown, field: string): string {
    const value = typeof text === 'string' ? exactAmount(text) : null;
    if (value === null) throw new Invalid(`${field} ${String(text)} has more than 2 decimals`);
    return value;
  }

  price(issuance: OcfItem, field = 'share_price'): string {
    const money = issuance[field] as { amount?: string; currency?: string } | undefined;
    if (!money) return '0.00';
    if (money.currency !== 'USD')
      throw new Unexpressible(`${field} is in ${String(money.currency)}; the registry keeps USD`);
    return this.amount(money.amount, `${field}.amount`);
  }

  base(item: OcfItem, type: OperationType, source: OcfItem | null) {
    const balance = str(item.balance_security_id);
    const sourceId = source ? String(source.security_id) : null;
    return {
      ocfId: item.id,
      objectType: item.object_type,
      date: String(item.date),
      type,
      notes: comments(item),
      reason: str(item.reason_text),
      sources: sourceId ? [sourceId] : [],
      toHolderOcfId: null,
      result: null,
      customId: null,
      balances: balance && sourceId ? [[balance, sourceId] as [string, string]] : [],
    };
  }

  checkBalance(item: OcfItem, holderId: string) {
    const balanceId = str(item.balance_security_id);
    if (!balanceId) return;
    if (this.holder(this.issuance(balanceId, 'balance_security_id')) !== holderId)
      throw new Invalid(`balance_security_id ${balanceId} is issued to another stakeholder`);
  }

  newIssue(item: OcfItem): PlannedOperation[] {
    return [
      {
        ...this.base(item, 'New Issue', null),
        holderOcfId: this.holder(item),
        shares: this.amount(item.quantity, 'quantity'),
        cost: this.price(item),
        classType: this.classOf(item),
        result: String(item.security_id),
        customId: str(item.custom_id),
      },
    ];
  }

  transfer(item: OcfItem): PlannedOperation[] {
    const source = this.issuance(str(item.security_id), 'security_id');
    const holderOcfId = this.holder(source);
    this.checkBalance(item, holderOcfId);
    const results = list(item.resulting_security_ids).map((id) =>
      this.issuance(id, 'resulting security'),
    );
    const total = results.reduce(
      (sum, r) => sum + BigInt(this.amount(r.quantity, 'quantity').replace('.', '')),
      0n,
    );
    const quantity = this.amount(item.quantity, 'quantity');
    if (total !== BigInt(quantity.replace('.', '')))
      throw new Invalid(`its resulting securities hold other than its quantity ${quantity}`);
    return results.map((r, i) => {
      if (r.stock_class_id !== source.stock_class_id)
        throw new Unexpressible(`resulting security ${String(r.security_id)} is of another class`);
      const base = this.base(item, 'Transfer', source);
      return {
        ...base,
        holderOcfId,
        toHolderOcfId: this.holder(r),
        shares: this.amount(r.quantity, 'quantity'),
        cost: this.price(r),
        classType: this.classOf(source),
        result: String(r.security_id),
        customId: str(r.custom_id),
        balances: i === results.length - 1 ? base.balances : [],
      };
    });
  }

  /**
   * Conversions that share their one resulting security (a conversion from several common
   * certificates, one TX_STOCK_CONVERSION each) are one Convert to Preferred.
   */
  conversion(items: OcfItem[]): PlannedOperation[] {
    const first = items[0]!;
    const sourceItems = items.map((item) => this.issuance(str(item.security_id), 'security_id'));
    const holderOcfId = this.holder(sourceItems[0]!);
    items.forEach((item) => this.checkBalance(item, holderOcfId));
    const results = list(first.resulting_security_ids);
    const result = this.issuance(results[0] ?? null, 'resulting security');
    const cents = items.reduce(
      (sum, item) =>
        sum + BigInt(this.amount(item.quantity_converted, 'quantity_converted').replace('.', '')),
      0n,
    );
    const shares = this.amount(
      `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
      'quantity',
    );
    if (
      results.length !== 1 ||
      sourceItems.some((s) => this.holder(s) !== holderOcfId || this.classOf(s) !== 'common') ||
      this.classOf(result) !== 'preferred' ||
      this.holder(result) !== holderOcfId ||
      this.amount(result.quantity, 'quantity') !== shares
    )
      throw new Unexpressible(
        'the registry converts common into one preferred certificate of the same holder, one for one',
      );
    return [
      {
        ...this.base(first, 'Convert to Preferred', sourceItems[0]!),
        holderOcfId,
        shares,
        cost: '0.00',
        classType: 'preferred',
        sources: sourceItems.map((s) => String(s.security_id)),
        balances: items.flatMap((item, i) => {
          const balance = str(item.balance_security_id);
          return balance
            ? [[balance, String(sourceItems[i]!.security_id)] as [string, string]]
            : [];
        }),
        result: String(result.security_id),
        customId: str(result.custom_id),
      },
    ];
  }

  cancel(item: OcfItem): PlannedOperation[] {
    const source = this.issuance(str(item.security_id), 'security_id');
    const holderOcfId = this.holder(source);
    this.checkBalance(item, holderOcfId);
    const repurchase = item.object_type === 'TX_STOCK_REPURCHASE';
    const reason = repurchase
      ? `Repurchased at ${this.price(item, 'price')} USD per share`
      : (str(item.reason_text) ?? 'Cancelled');
    return [
      {
        ...this.base(item, 'Cancel', source),
        holderOcfId,
        shares: this.amount(item.quantity, 'quantity'),
        cost: '0.00',
        classType: this.classOf(source),
        reason,
      },
    ];
  }
}

export { Planner as OperationsPlanner, Unexpressible, Invalid };
