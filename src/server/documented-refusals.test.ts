// Every refusal a route gives is in the API document: each documented operation is sent the
// inputs that produce the refusals every route of its kind can give (no or wrong credentials,
// another organization, bad JSON, a wrong content type, a body too large, a cross-site cookie
// write, an empty JSON body, a malformed or unknown id), and each answer's status must be listed
// for it, its code among that status's codes. The operations come from the document itself, so a
// new route is covered without touching this file.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPolicy, apiKeyScopes } from './access-policy';
import { keyScopesOf } from './http/openapi-access';
import { ledgerScenario } from './test-support/ledger-scenario';
import { signInAs } from './test-support/fixtures';
import {
  documentedCodes,
  documentedOperations,
  validRequest,
  type DocumentedOperation,
} from './test-support/documented-operations';
import { createTestApp, type TestApp } from './test-support/test-app';

let t: TestApp;
let ops: DocumentedOperation[];
let s: Awaited<ReturnType<typeof ledgerScenario>>;
let as: typeof s.as;
/** An API key of the organization with every scope but one, by the scope it lacks. */
const keyWithout: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  s = await ledgerScenario(t);
  as = s.as;
  for (const missing of apiKeyScopes) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: as.admin,
      payload: { name: `without ${missing}`, scopes: apiKeyScopes.filter((s) => s !== missing) },
    });
    keyWithout[missing] = res.json<{ key: string }>().key;
  }
  ops = documentedOperations(t.app);
});
afterAll(() => t.close());

const WRITES = new Set(['POST', 'PUT', 'DELETE']);
const accessOf = (d: DocumentedOperation) => accessPolicy[d.route]!;
const checked = (d: DocumentedOperation) => accessOf(d) !== 'anonymous';

/** A request as the administrator sends it (a same-origin cookie session), then changed. */
const asAdmin = (d: DocumentedOperation, change: Partial<InjectOptions> = {}): InjectOptions => {
  const base = validRequest(d, randomUUID(), as.admin);
  return { ...base, ...change, headers: { ...base.headers, ...change.headers } };
};
const bodyOf = (payload: string, contentType: string) => ({
  payload,
  headers: { 'content-type': contentType },
});

/** Each kind of refusal: the request that produces it on a route, or none where it cannot. */
const refusals: Array<[string, (d: DocumentedOperation) => InjectOptions | undefined]> = [
  ['no credentials', (d) => (checked(d) ? validRequest(d, randomUUID(), {}) : undefined)],
  [
    'a session without the role',
    (d) => {
      const access = accessOf(d);
      if (access === 'anonymous' || access === 'signed-in') return undefined;
      return validRequest(d, randomUUID(), access === 'shareholder' ? as.nobody : as.alice);
    },
  ],
  [
    'an API key without the scope',
    (d) => {
      if (!checked(d)) return undefined;
      const key = keyWithout[keyScopesOf(accessOf(d))[0] ?? 'gateway']!;
      return validRequest(d, randomUUID(), { 'x-api-key': key });
    },
  ],
  [
    'an unknown API key',
    (d) => (checked(d) ? validRequest(d, randomUUID(), { 'x-api-key': 'srk_unknown' }) : undefined),
  ],
  [
    'an API key beside a session',
    (d) => (checked(d) ? asAdmin(d, { headers: { 'x-api-key': keyWithout.gateway! } }) : undefined),
  ],
  [
    'another organization',
    (d) =>
      checked(d) ? asAdmin(d, { headers: { 'x-organization-id': randomUUID() } }) : undefined,
  ],
  [
    'malformed JSON',
    (d) => (WRITES.has(d.method) ? asAdmin(d, bodyOf('{"a":', 'application/json')) : undefined),
  ],
  [
    'a text body',
    (d) => (WRITES.has(d.method) ? asAdmin(d, bodyOf('a=1', 'text/plain')) : undefined),
  ],
  [
    'a body over the limit',
    (d) =>
      WRITES.has(d.method)
        ? asAdmin(d, bodyOf(JSON.stringify({ a: 'x'.repeat(300 * 1024) }), 'application/json'))
        : undefined,
  ],
  [
    'a cookie write from another site',
    (d) =>
      WRITES.has(d.method)
        ? asAdmin(d, { headers: { origin: 'https://evil.example' } })
        : undefined,
  ],
  [
    'an empty JSON body',
    (d) => (WRITES.has(d.method) ? asAdmin(d, bodyOf('', 'application/json')) : undefined),
  ],
  [
    'a malformed path parameter',
    (d) =>
      d.path.includes('{')
        ? asAdmin(d, { url: d.path.replace(/\{\w+\}/g, 'no%20such') })
        : undefined,
  ],
  ['an id nobody has', (d) => (d.path.includes('{') ? asAdmin(d) : undefined)],
];

const signInAgain = async () => ({
  ...as,
  admin: await signInAs(t, s.admin.email!),
  alice: await signInAs(t, s.alice.email!),
});

/** The routes that end the caller's own sessions run last: the others need the sessions. */
const endsSessions = (d: DocumentedOperation) =>
  /logout|revoke-sessions|revoke-other-sessions|end-all-sessions/.test(d.path);

describe('every refusal a route gives is in the API document', () => {
  it('lists the status and the code of each answer', { timeout: 120_000 }, async () => {
    const undocumented: string[] = [];
    let sent = 0;
    const ordered = [...ops.filter((d) => !endsSessions(d)), ...ops.filter(endsSessions)];
    for (const d of ordered) {
      for (const [kind, build] of refusals) {
        const request = build(d);
        if (!request) continue;
        const res = await t.app.inject(request);
        sent++;
        // A route that ends sessions may have ended this one's: sign in again.
        if (endsSessions(d) && res.statusCode < 300) as = await signInAgain();
        const listed = Object.keys(d.op.responses).includes(String(res.statusCode));
        const codes = listed ? documentedCodes(d.op, res.statusCode) : undefined;
        const code = res.statusCode >= 400 ? res.json<{ code?: string }>().code : undefined;
        if (!listed || (codes && !codes.includes(code)))
          undocumented.push(`${d.route} — ${kind}: ${res.statusCode} ${code ?? ''}`);
      }
    }
    expect(sent).toBeGreaterThan(ops.length * 5);
    expect(undocumented).toEqual([]);
  });
});
