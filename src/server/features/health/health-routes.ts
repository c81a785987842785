import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/open-database';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});

/** GET /healthz and the spec's GET /api/v1/mysql/health: 200 when the database answers, else 503. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const check = async () => {
    try {
      await withTimeout(database.ping(), 2000);
      return true;
    } catch {
      return false;
    }
  };
  const routes = [
    { url: '/healthz', operationId: 'health' },
    { url: '/api/v1/mysql/health', operationId: 'databaseHealth' },
  ];
  for (const { url, operationId } of routes) {
    app.get(
      url,
      {
        schema: {
          operationId,
          tags: ['health'],
          summary: 'Whether the service and its database answer',
          description: '200 when the database answers within 2 s, else 503 with Retry-After.',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const up = await check();
        if (!up) reply.header('Retry-After', '5');
        return reply
          .code(up ? 200 : 503)
          .header('Cache-Control', 'no-store')
          .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
      },
    );
  }
};

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
