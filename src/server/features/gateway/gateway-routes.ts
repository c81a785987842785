import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  customRestBody,
  customRestResponse,
  gatewayDeleteBody,
  gatewayInsertBody,
  gatewayParams,
  gatewayPaths,
  gatewayQueryBody,
  gatewayQueryResponse,
  gatewaySearchBody,
  gatewaySearchResponse,
  gatewayUpdateBody,
  gatewayWriteResponse,
  type GatewayOperation,
  type GatewayQueryBody,
  type GatewayProvider as ProviderName,
} from '../../../contract/gateway';
import { idempotencyHeader } from '../../../contract/ledger';
import { AppError } from '../../http/app-error';
import { errorResponses } from '../../http/openapi';
import { organizationOf } from '../data-api/organization-of';
import type { GatewayCall, Provider } from './gateway-provider';
import { readGatewayQuery } from './gateway-query';
import { providerOf } from './providers/configured-providers';

export type Providers = Partial<Record<ProviderName, Provider>>;

/** The caller's organization; a body's organizationId, when sent, must be that one. */
function callOf(request: FastifyRequest): GatewayCall {
  const organizationId = organizationOf(request);
  const named = (request.body as { organizationId?: string } | undefined)?.organizationId;
  if (named !== undefined && named !== organizationId)
    throw new AppError(
      'AUTH.ORGANIZATION_MISMATCH',
      'organizationId names another organization than your credentials.',
      'organizationId',
    );
  const key = request.headers[idempotencyHeader];
  return {
    principal: request.principal!,
    organizationId,
    idempotencyKey: Array.isArray(key) ? key[0] : key,
    requestId: request.id,
  };
}

const errors = errorResponses(400, 401, 403, 404, 409, 422, 501, 502, 503, 504);

const REGISTRY =
  'Provider `registry`: the registry’s Shareholder__c, Share__c and Share_Transaction__c in ' +
  'Salesforce’s shapes, for the caller’s organization';
const PROVIDERS =
  '`salesforce`: the connected org, when SALESFORCE_* configure one; every other provider ' +
  'answers 501 GATEWAY.PROVIDER_NOT_CONFIGURED. Administrators, and API keys with the gateway scope';

const operations = {
  query: {
    body: gatewayQueryBody,
    response: gatewayQueryResponse,
    summary: 'Query an object: fields, filter ("Active=true" or a filter map), order, paging',
    description:
      `${REGISTRY} (a key needs ledger:read too; a shareholder may query, and gets their own ` +
      `records only). ${PROVIDERS}.`,
  },
  insert: {
    body: gatewayInsertBody,
    response: gatewayWriteResponse,
    summary: 'Create a record (registry: a Share_Transaction__c is the Transfer action)',
    description: `${REGISTRY} (a key needs ledger:write too). ${PROVIDERS}.`,
  },
  update: {
    body: gatewayUpdateBody,
    response: gatewayWriteResponse,
    summary: 'Change a record (registry: a Shareholder__c’s profile)',
    description: `${REGISTRY} (a key needs ledger:write too). ${PROVIDERS}.`,
  },
  delete: {
    body: gatewayDeleteBody,
    response: gatewayWriteResponse,
    summary: 'Delete a record (registry: refused, the ledger is append-only)',
    description: `${REGISTRY} (a key needs ledger:write too). ${PROVIDERS}.`,
  },
  search: {
    body: gatewaySearchBody,
    response: gatewaySearchResponse,
    summary: 'Search records by a term (registry: holders by name or e-mail)',
    description: `${REGISTRY} (a key needs ledger:read too). ${PROVIDERS}.`,
  },
} satisfies Record<GatewayOperation, unknown>;

/** A query is read into the providers' common form; the other operations take the body as is. */
function run(p: Provider, operation: GatewayOperation, call: GatewayCall, body: unknown) {
  if (operation === 'query') return p.query(call, readGatewayQuery(body as GatewayQueryBody));
  return p[operation](call, body as never);
}

/** POST /api/v1/{provider}/{operation}, one route per operation, and Salesforce's custom-rest. */
export const gatewayRoutes: FastifyPluginAsyncZod<{ providers: Providers }> = async (
  app,
  { providers },
) => {
  for (const [name, op] of Object.entries(operations)) {
    const operation = name as GatewayOperation;
    app.post(
      gatewayPaths[operation],
      {
        schema: {
          operationId: `gateway${operation[0]!.toUpperCase()}${operation.slice(1)}`,
          tags: ['gateway'],
          summary: op.summary,
          description: op.description,
          params: gatewayParams,
          body: op.body,
          response: { 200: op.response, ...errors },
        },
      },
      async (request) =>
        run(
          providerOf(providers, request.params.provider),
          operation,
          callOf(request),
          request.body,
        ),
    );
  }

  app.post(
    gatewayPaths.customRest,
    {
      schema: {
        operationId: 'salesforceCustomRest',
        tags: ['gateway'],
        summary: 'Call an Apex REST endpoint of the connected Salesforce org',
        description: 'Forwards method and data to /services/apexrest/{endpoint}; answers its JSON.',
        body: customRestBody,
        response: { 200: customRestResponse, ...errors },
      },
    },
    async (request) => {
      const salesforce = providerOf(providers, 'salesforce');
      return salesforce.customRest!(callOf(request), request.body);
    },
  );
};
