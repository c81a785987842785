import { describe, expect, it } from 'vitest';
import {
  gatewayOperations,
  gatewayProviders,
  registryFields,
  registryObjects,
} from '../../../contract/gateway';
import { accessPolicy } from '../../access-policy';
import { useTestApp } from '../../test-support/use-test-app';

// The gateway as /docs shows it (issue 23): one documented path per operation with a `provider`
// parameter, not one per provider and operation.

interface Schema {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
type Content = { content: Record<string, { schema: Schema }> };
interface Operation {
  operationId: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: Content;
  responses: Record<string, Content>;
}

const t = useTestApp();
const documentOf = () =>
  t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
const gatewayOperationsOf = () =>
  Object.entries(documentOf().paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([, op]) => op.tags?.includes('gateway'))
      .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the gateway in the OpenAPI document', () => {
  it('is one path per operation, the provider a path parameter listing the providers', () => {
    const routes = gatewayOperationsOf().map((o) => o.route);
    for (const operation of gatewayOperations)
      expect(routes).toContain(`POST /api/v1/{provider}/${operation}`);
    expect(routes.filter((r) => r.includes('/registry/'))).toEqual([]);
    for (const operation of gatewayOperations) {
      const op = documentOf().paths[`/api/v1/{provider}/${operation}`]!.post!;
      const provider = op.parameters?.find((p) => p.name === 'provider');
      expect(provider).toMatchObject({ in: 'path', required: true });
      expect(provider!.schema.enum).toEqual([...gatewayProviders]);
    }
  });

  it('has one access-policy entry per operation path', () => {
    const keys = Object.keys(accessPolicy);
    for (const operation of gatewayOperations)
      expect(keys).toContain(`POST /api/v1/:provider/${operation}`);
    expect(
      keys.filter((k) => /\/api\/v1\/(registry|hubspot|salesforce)\/(query|insert)/.test(k)),
    ).toEqual([]);
  });

  it('types the registry objects’ records field by field', () => {
    const op = documentOf().paths['/api/v1/{provider}/query']!.post!;
    const records = op.responses['200']!.content['application/json']!.schema.properties!.records!;
    const branches = records.items!.anyOf ?? [];
    for (const object of registryObjects) {
      const branch = branches.find((b) =>
        b.properties?.attributes?.properties?.type?.enum?.includes(object),
      );
      expect(branch, object).toBeDefined();
      for (const field of Object.keys(registryFields[object])) {
        const schema = branch!.properties![field];
        expect(schema?.type ?? schema?.anyOf, `${object}.${field}`).toBeDefined();
      }
    }
    const shareholder = branches.find((b) =>
      b.properties?.attributes?.properties?.type?.enum?.includes('Shareholder__c'),
    )!;
    expect(shareholder.properties!.Balance__c).toMatchObject({ type: 'number' });
    expect(shareholder.properties!.Is_Admin__c).toMatchObject({ type: 'boolean' });
    expect(shareholder.properties!.Email__c).toMatchObject({ type: 'string', nullable: true });
  });

  it('types the Transfer’s Shares and Cost as a string or a number', () => {
    const op = documentOf().paths['/api/v1/{provider}/insert']!.post!;
    const data = op.requestBody!.content['application/json']!.schema.properties!.data!;
    const transfer = data.anyOf!.find((s) => s.properties?.Shares)!;
    for (const field of ['Shares', 'Cost']) {
      const types = transfer.properties![field]!.anyOf!.map((s) => s.type);
      expect(types.sort(), field).toEqual(['number', 'string']);
    }
  });

  it('declares the insert’s Idempotency-Key as a required header', () => {
    const op = documentOf().paths['/api/v1/{provider}/insert']!.post!;
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
    );
  });
});
