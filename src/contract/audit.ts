import { z } from 'zod';
import { isoDate } from './common';

// The audit trail: GET /api/v1/audit and GET /api/v1/audit/chain (administrators, readers).

export const auditQuery = z.object({
  holderId: z.uuid().optional(),
  certificateId: z.uuid().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditResponse = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      actorUserId: z.string().nullable(),
      /** Who that is: their holder's name in the company, else their login's name; null if unknown. */
      actorName: z.string().nullable(),
      /** Their login's e-mail, when the actor is a login. */
      actorEmail: z.string().nullable(),
      action: z.string(),
      entityType: z.string(),
      entityId: z.string(),
      operationId: z.string().nullable(),
      requestId: z.string().nullable(),
      reason: z.string().nullable(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});

/** GET /api/v1/audit/chain: the company's audit hash chain, recomputed (decision 118). */
export const auditChainResponse = z.object({
  entries: z.number().int(),
  /** The last entry through which the chain holds: "chain verified through entry N". */
  verifiedThrough: z.number().int(),
  /** The first entry that does not hold, and why; null when the whole chain holds. */
  broken: z.object({ entry: z.number().int().nullable(), problem: z.string() }).nullable(),
});
export type AuditChainResponse = z.infer<typeof auditChainResponse>;
