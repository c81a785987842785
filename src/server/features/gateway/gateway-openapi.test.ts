import { describe, expect, it } from 'vitest';
import { gatewayOperations, gatewayProviders } from '../../../contract/gateway';
import { accessPolicy } from '../../access-policy';
import { useTestApp } from '../../test-support/use-test-app';

// The gateway as /docs shows it (issue 23): one documented path per operation with a `provider`
// parameter, not one per provider and operation.

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: { enum?: string[]; type?: string };
}
interface Operation {
  operationId: string;
  tags?: string[];
  parameters?: Parameter[];
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
});
