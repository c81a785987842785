// The ledger the exports' tests read (issue 26): the cap table's scenario (cap-table-scenario.ts:
// Eve's name a formula, Dora transferred out and deactivated, another company's holder), then
// holders whose names begin like formulas (+1, -2, @SUM(A1), a tab, a carriage return), each
// issued 1 common share on 2025-01-10, and a New Issue to "+1" with a consideration in EUR and an
// approval whose reference begins with "=".
import { randomUUID } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import type { Principal } from '../plugins/access-control';
import { useCapTableScenario } from './cap-table-scenario';
import { createHolder } from './fixtures';
import { injectJson } from './inject-json';

export const FORMULA_NAMES = ['+1', '-2', '@SUM(A1)', '\tTab', '\rCR'] as const;

export function useExportsScenario() {
  const { t, s, extra } = useCapTableScenario();
  const formula: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of FORMULA_NAMES) {
      const holder = await createHolder(s.db, s.organization.id, { name });
      formula[name] = holder.id;
      await s.post({
        type: 'New Issue',
        holderId: holder.id,
        date: '2025-01-10',
        shares: '1',
        cost: '0',
      });
    }
    const res = await injectJson(
      t,
      'POST',
      '/api/v1/transactions',
      { ...s.as.admin, 'idempotency-key': randomUUID() },
      {
        ShareholderId: formula['+1'],
        ShareDate: '2025-01-10',
        Shares: '3',
        Type: 'New Issue',
        Consideration: '1500.5',
        ConsiderationCurrency: 'EUR',
        ApprovalDate: '2025-01-05',
        ApprovalReference: '=Board consent',
      },
    );
    expect(res.statusCode, res.body).toBe(201);
  });
  /** The administrator as the use case sees them (for the exports called without a request). */
  const adminCaller = (): Principal & { organizationId: string } => ({
    userId: 'test',
    email: 'admin@example.test',
    name: 'Admin',
    sessionId: 'test',
    holderId: s.admin.id,
    organizationId: s.organization.id,
    timeZone: 'America/New_York',
    role: 'administrator',
    via: 'cookie',
  });
  return { t, s, extra, formula, adminCaller };
}
