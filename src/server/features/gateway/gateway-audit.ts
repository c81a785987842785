import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { GatewayCall, Provider } from './gateway-provider';

export interface GatewayWrite {
  provider: string;
  operation: 'insert' | 'update' | 'delete' | 'custom-rest';
  objectName: string;
  /** The record's id in the backend (the Apex endpoint for custom-rest). */
  id: string;
  data?: unknown;
}

/**
 * A write the gateway sent to a CRM backend, in the audit log (issue 13). The registry's own
 * writes are not recorded here: the Transfer and the profile Save write their entries themselves.
 */
export async function auditGatewayWrite(db: Db, call: GatewayCall, write: GatewayWrite) {
  const { principal } = call;
  await db.execute(
    sql`insert into audit_entry (organization_id, actor_user_id, actor_holder_id, action,
                                 entity_type, entity_id, request_id, after)
        values (${call.organizationId}, ${principal.userId}, ${principal.holderId},
                ${`gateway.${write.operation}`}, ${`${write.provider}:${write.objectName}`},
                ${write.id}, ${call.requestId},
                ${JSON.stringify({ provider: write.provider, data: write.data ?? null })}::jsonb)`,
  );
}

/** The provider with each successful write recorded: for backends that keep no log of ours. */
export function withAudit(provider: Provider, db: Db): Provider {
  const name = provider.name;
  return {
    ...provider,
    insert: async (call, body) => {
      const answer = await provider.insert(call, body);
      await auditGatewayWrite(db, call, {
        provider: name,
        operation: 'insert',
        objectName: body.objectName,
        id: answer.id,
        data: body.data,
      });
      return answer;
    },
    update: async (call, body) => {
      const answer = await provider.update(call, body);
      const { objectName, id, data } = body;
      await auditGatewayWrite(db, call, {
        provider: name,
        operation: 'update',
        objectName,
        id,
        data,
      });
      return answer;
    },
    delete: async (call, body) => {
      const answer = await provider.delete(call, body);
      const { objectName, id } = body;
      await auditGatewayWrite(db, call, { provider: name, operation: 'delete', objectName, id });
      return answer;
    },
    ...(provider.customRest && {
      customRest: async (call, body) => {
        const answer = await provider.customRest!(call, body);
        if (body.method !== 'GET')
          await auditGatewayWrite(db, call, {
            provider: name,
            operation: 'custom-rest',
            objectName: body.method,
            id: body.endpoint,
            data: body.data,
          });
        return answer;
      },
    }),
  };
}
