import type { GatewaySearchBody } from '../../../../contract/gateway';
import type { Provider } from '../gateway-provider';
import { fieldName } from '../gateway-query';
import type { SalesforceClient } from '../salesforce/salesforce-client';
import { buildSoql } from '../salesforce/soql';
import { buildSosl } from '../salesforce/sosl';

// `salesforce`: the connected org (one per installation, SALESFORCE_*). The call's organization
// decides who may call (the access policy), not which Salesforce org answers, so it is not sent.

const written = (id: string) => ({ id, success: true, errors: [] });

function searchFields(fields: GatewaySearchBody['fields']): string[] | undefined {
  if (fields === undefined) return undefined;
  const names = typeof fields === 'string' ? fields.split(',') : fields;
  return names.map((f, i) => fieldName(f, `fields.${i}`));
}

export function createSalesforceProvider(client: SalesforceClient): Provider {
  return {
    name: 'salesforce',
    query: async (_call, query) => {
      const soql = buildSoql(query);
      const { totalSize, done, records } = await client.query(soql, { maxRecords: query.limit });
      return { totalSize, done, records };
    },
    insert: async (_call, body) => {
      const created = await client.create(body.objectName, body.data);
      return written(created.id);
    },
    update: async (_call, body) => {
      await client.update(body.objectName, body.id, body.data);
      return written(body.id);
    },
    delete: async (_call, body) => {
      await client.destroy(body.objectName, body.id);
      return written(body.id);
    },
    search: async (_call, body) => {
      const fields = searchFields(body.fields);
      const sosl = buildSosl(body.searchTerm, {
        ...(body.objectName !== undefined && { objectName: body.objectName }),
        ...(fields && { fields }),
        ...(body.limit !== undefined && { limit: body.limit }),
      });
      return client.search(sosl);
    },
    customRest: (_call, body) => client.apexRest(body.method, body.endpoint, body.data),
  };
}
