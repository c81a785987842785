import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write made with an API key is in the audit log with the key's name (issue 12): route,
 * status and request id, before the answer leaves (so a client that reads the log next finds it).
 * With a session too, the entry's actor is the session's user and holder, so it names both
 * (issue 23). The ledger's own entries (what a transfer changed) are written by the ledger as
 * before, with the same request id.
 */
export function registerApiKeyAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const principal = request.principal;
    const key = principal?.apiKey;
    if (!principal || !key || !WRITES.has(request.method) || reply.statusCode >= 400)
      return done(null, payload);
    const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    void db
      .execute(
        sql`insert into audit_entry
              (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
               request_id, after)
            values (${principal.organizationId}, ${principal.userId},
                    ${principal.holderId}, 'api_key.request', 'api_key', ${key.id}, ${request.id},
                    ${JSON.stringify({ key: key.name, route, status: reply.statusCode })}::jsonb)`,
      )
      .catch((err: unknown) => request.log.error({ err }, 'audit of an API-key request failed'))
      .then(() => done(null, payload));
  });
}
