import { formatAmount, parseSignedAmount } from '../../ledger';
import type {
  OcfSource,
  OcfSourceCertificate,
  OcfSourceClass,
  OcfSourceLine,
  OcfSourceOperation,
} from './ocf-export-source';
import {
  OCF_LEGEND_ID,
  ocfBalanceIssuanceId,
  ocfBalanceSecurityId,
  ocfCertificateSecurityId,
} from './ocf-ids';
import { ocfNumeric, type OcfObject } from './ocf-registry-objects';

// The ledger's lines as OCF stock transactions (decision 126; the mapping is described in
// ocf-export-mapping.ts). Pure: rows in, OCF objects out, in the ledger's order.

const DEBIT_TYPES = {
  Transferred: 'TX_STOCK_TRANSFER',
  'Converted To Preferred': 'TX_STOCK_CONVERSION',
  Cancelled: 'TX_STOCK_CANCELLATION',
} as const;

/** Each certificate's live OCF security and its balance (hundredths), as the lines replay. */
type Securities = Map<string, { securityId: string | null; balance: bigint }>;

interface Context {
  certificates: ReadonlyMap<string, OcfSourceCertificate>;
  classes: ReadonlyMap<string, OcfSourceClass>;
  legendIds: string[];
  securities: Securities;
}

interface OperationLines {
  operation: OcfSourceOperation;
  lines: OcfSourceLine[];
}

const byKey = <T extends { id: string }>(xs: readonly T[]) => new Map(xs.map((x) => [x.id, x]));

function need<T>(map: ReadonlyMap<string, T>, id: string, what: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`OCF export: ${what} ${id} is not among the rows`);
  return found;
}

/** The lines up to `asOf` in ledger order (date, posting order), grouped by operation. */
function operationsInOrder(source: OcfSource): OperationLines[] {
  const operations = byKey(source.operations);
  const lines = source.lines
    .filter((l) => l.date <= source.asOf)
    .sort((a, b) =>
      a.date === b.date ? Number(BigInt(a.order) - BigInt(b.order)) : a.date < b.date ? -1 : 1,
    );
  const grouped = new Map<string, OperationLines>();
  for (const line of lines) {
    const group = grouped.get(line.operationId) ?? {
      operation: need(operations, line.operationId, 'operation'),
      lines: [],
    };
    group.lines.push(line);
    grouped.set(line.operationId, group);
  }
  return [...grouped.values()];
}

/** What every OCF transaction of an operation says about it. */
function operationComments(operation: OcfSourceOperation, line: OcfSourceLine): string[] {
  return [
    `Ledger operation ${operation.id} (${operation.type})`,
    ...(operation.reversesOperationId === null
      ? []
      : [`Reverses ledger operation ${operation.reversesOperationId}`]),
    ...(operation.approvalReference ? [`Approval: ${operation.approvalReference}`] : []),
    ...(line.notes.trim() ? [`Notes: ${line.notes.trim()}`] : []),
    ...(line.reason && line.reason !== line.notes ? [`Reason: ${line.reason}`] : []),
  ];
}

const considerationText = (operation: OcfSourceOperation) =>
  operation.consideration === null || operation.considerationCurrency === null
    ? {}
    : {
        consideration_text: `${ocfNumeric(operation.consideration)} ${operation.considerationCurrency}`,
      };

const label = (ctx: Context, certificate: OcfSourceCertificate) =>
  `${need(ctx.classes, certificate.classId, 'share class').prefix}${certificate.number}`;

/** A stock issuance of `quantity` on `securityId` of the certificate (new, or its balance). */
function issuance(
  ctx: Context,
  certificate: OcfSourceCertificate,
  fields: { id: string; securityId: string; date: string; quantity: bigint; price: string },
  extra: object,
): OcfObject {
  return {
    object_type: 'TX_STOCK_ISSUANCE',
    id: fields.id,
    security_id: fields.securityId,
    custom_id: label(ctx, certificate),
    date: fields.date,
    stakeholder_id: certificate.holderId,
    stock_class_id: certificate.classId,
    quantity: formatAmount(fields.quantity),
    share_price: { amount: ocfNumeric(fields.price), currency: 'USD' },
    security_law_exemptions: [],
    stock_legend_ids: ctx.legendIds,
    ...extra,
  };
}

/** A line that adds shares: the TX_STOCK_ISSUANCE of its (new) certificate's first security. */
function creditIssuance(ctx: Context, operation: OcfSourceOperation, line: OcfSourceLine) {
  const certificate = need(ctx.certificates, line.certificateId, 'certificate');
  const quantity = parseSignedAmount(line.shares);
  const securityId = ocfCertificateSecurityId(certificate.id);
  ctx.securities.set(certificate.id, { securityId, balance: quantity });
  return issuance(
    ctx,
    certificate,
    { id: line.id, securityId, date: line.date, quantity, price: line.cost },
    {
      ...considerationText(operation),
      ...(operation.approvalDate && { board_approval_date: operation.approvalDate }),
      comments: operationComments(operation, line),
    },
  );
}

/** The transfer's, conversion's or cancellation's own fields, by the line's type. */
function debitFields(
  line: OcfSourceLine,
  operation: OcfSourceOperation,
  quantity: string,
  resulting: string[],
): Record<string, unknown> {
  switch (line.type) {
    case 'Transferred':
      return { quantity, resulting_security_ids: resulting, ...considerationText(operation) };
    case 'Converted To Preferred':
      return { quantity_converted: quantity, resulting_security_ids: resulting };
    default:
      return { quantity, reason_text: line.reason ?? (line.notes.trim() || 'Cancelled') };
  }
}

/**
 * A line that takes shares from a certificate: the transfer, conversion or cancellation of the
 * certificate's live security; a transfer's resulting issuance right after it; then, when shares
 * are left, the issuance of the balance security that holds them.
 */
function debitTransactions(
  ctx: Context,
  group: OperationLines,
  line: OcfSourceLine,
  used: Set<string>,
): OcfObject[] {
  const { operation } = group;
  const certificate = need(ctx.certificates, line.certificateId, 'certificate');
  const live = ctx.securities.get(certificate.id);
  const taken = -parseSignedAmount(line.shares);
  if (!live?.securityId || live.balance < taken)
    throw new Error(
      `OCF export: line ${line.id} takes more than certificate ${certificate.id} has`,
    );
  const left = live.balance - taken;
  const balanceId = left > 0n ? ocfBalanceSecurityId(certificate.id, line.id) : null;
  const results = group.lines.filter((c) =>
    line.type === 'Transferred'
      ? c.type === 'Issued: transfer' &&
        need(ctx.certificates, c.certificateId, 'certificate').originCertificateId ===
          certificate.id
      : line.type === 'Converted To Preferred' && c.type === 'Issued: preferred',
  );
  const type = DEBIT_TYPES[line.type as keyof typeof DEBIT_TYPES];
  if (type === undefined) throw new Error(`OCF export: line ${line.id} of type ${line.type}`);
  const out: OcfObject[] = [
    {
      object_type: type,
      id: line.id,
      security_id: live.securityId,
      date: line.date,
      ...debitFields(
        line,
        operation,
        formatAmount(taken),
        results.map((c) => ocfCertificateSecurityId(c.certificateId)),
      ),
      ...(balanceId && { balance_security_id: balanceId }),
      comments: operationComments(operation, line),
    },
  ];
  ctx.securities.set(certificate.id, { securityId: balanceId, balance: left });
  if (line.type === 'Transferred') {
    for (const result of results) {
      used.add(result.id);
      out.push(creditIssuance(ctx, operation, result));
    }
  }
  if (balanceId !== null) {
    const fields = { id: ocfBalanceIssuanceId(line.id), securityId: balanceId, date: line.date };
    const comments = [
      `The balance of ${label(ctx, certificate)} after ${line.id}`,
      `Ledger operation ${operation.id} (${operation.type})`,
    ];
    out.push(
      issuance(
        ctx,
        certificate,
        { ...fields, quantity: left, price: certificate.cost },
        { comments },
      ),
    );
  }
  return out;
}

/** An operation's OCF transactions: its debits (each with what follows it), then its issues. */
function operationTransactions(ctx: Context, group: OperationLines): OcfObject[] {
  const used = new Set<string>();
  const out: OcfObject[] = [];
  for (const line of group.lines) {
    if (parseSignedAmount(line.shares) < 0n) out.push(...debitTransactions(ctx, group, line, used));
  }
  for (const line of group.lines) {
    if (parseSignedAmount(line.shares) > 0n && !used.has(line.id))
      out.push(creditIssuance(ctx, group.operation, line));
  }
  return out;
}

/** Every line up to the as-of date as OCF stock transactions, in the ledger's order. */
export function ocfTransactions(source: OcfSource, legend: boolean): OcfObject[] {
  const ctx: Context = {
    certificates: byKey(source.certificates),
    classes: byKey(source.classes),
    legendIds: legend ? [OCF_LEGEND_ID] : [],
    securities: new Map(),
  };
  return operationsInOrder(source).flatMap((group) => operationTransactions(ctx, group));
}
