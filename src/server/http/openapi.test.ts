import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPolicy } from '../access-policy';
import { betterAuthMounted } from '../features/auth/better-auth-routes';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openApiTags } from './openapi';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

let t: TestApp;
let ops: Array<{ route: string; op: Operation }>;
beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      op,
    })),
  );
});
afterAll(() => t.close());

describe('the OpenAPI document at /docs/json', () => {
  it('gives every operation a unique operationId, a summary, a description and defined tags', () => {
    expect(ops.length).toBeGreaterThan(20);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set<string>(openApiTags.map((tag) => tag.name));
    for (const { route, op } of ops) {
      expect(op.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, route).toBeTruthy();
      expect(op.description, route).toBeTruthy();
      expect(op.tags?.length, route).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(tags, route).toContain(tag);
    }
  });

  it('lists the error answers: 400 for input, 401 for a session, 403 for a role', () => {
    for (const { route, op } of ops) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => s.startsWith('4') || s.startsWith('5')),
        route,
      ).toBe(true);
      if (op.parameters?.length || op.requestBody) expect(statuses, route).toContain('400');
      const access = accessPolicy[route];
      if (access === 'signed-in') expect(statuses, route).toContain('401');
      else if (access !== undefined && access !== 'anonymous') {
        expect(statuses, route).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
  });

  it('documents the better-auth routes the web app uses, and no other route under /api/auth', () => {
    const documented = ops
      .map((o) => o.route)
      .filter((r) => r.split(' ')[1]!.startsWith('/api/auth/'));
    expect(documented.sort()).toEqual([...betterAuthMounted].sort());
    expect(documented).toContain('GET /api/auth/list-sessions');
  });

  it('is served at /docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ tags: unknown[] }>().tags).toHaveLength(openApiTags.length);
  });
});
