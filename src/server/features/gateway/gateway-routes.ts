import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  customRestBody,
  customRestResponse,
  gatewayDeleteBody,
  gatewayInsertBody,
  gatewayPath,
  gatewayPaths,
  gatewayProviders,
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
import { idempotencyHeader, postingHeaders } from '../../../contract/ledger';
import { AppError } from '../../http/app-error';
import type { ErrorCode } from '../../http/error-status';
import { errorResponses } from '../../http/openapi';
import { postingErrorCodes } from '../../ledger-store/posting-codes';
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

/** A provider not configured here, and what a connected backend answers (salesforce-client.ts). */
export const connectorErrorCodes: ErrorCode[] = [
  'GATEWAY.PROVIDER_NOT_CONFIGURED',
  'GATEWAY.NOT_FOUND',
  'GATEWAY.REJECTED',
  'GATEWAY.UPSTREAM_ERROR',
  'GATEWAY.UPSTREAM_AUTH',
  'GATEWAY.UPSTREAM_UNAVAILABLE',
  'GATEWAY.UPSTREAM_TIMEOUT',
];

/** Each operation's own refusals, over every provider (the registry's writes are the ledger's). */
const operationErrorCodes: Record<GatewayOperation, readonly ErrorCode[]> = {
  query: ['GATEWAY.NOT_SUPPORTED'],
  search: ['GATEWAY.NOT_SUPPORTED'],
  insert: ['GATEWAY.NOT_SUPPORTED', ...postingErrorCodes],
  update: [
    'GATEWAY.APPEND_ONLY',
    'SHAREHOLDER.NOT_FOUND',
    'VALIDATION.READ_ONLY',
    'VALIDATION.ID_MISMATCH',
  ],
  delete: ['GATEWAY.APPEND_ONLY'],
};

const operations = {
  query: {
    body: gatewayQueryBody,
    response: gatewayQueryResponse,
    summary: 'Query an object: fields, filter ("Active=true" or a filter map), order, paging',
  },
  insert: {
    body: gatewayInsertBody,
    response: gatewayWriteResponse,
    summary: 'Create a record (registry: a Share_Transaction__c is the Transfer action)',
  },
  update: {
    body: gatewayUpdateBody,
    response: gatewayWriteResponse,
    summary: 'Change a record (registry: a Shareholder__c’s profile)',
  },
  delete: {
    body: gatewayDeleteBody,
    response: gatewayWriteResponse,
    summary: 'Delete a record (registry: refused, the ledger is append-only)',
  },
  search: {
    body: gatewaySearchBody,
    response: gatewaySearchResponse,
    summary: 'Search records by a term (registry: holders by name or e-mail)',
  },
} satisfies Record<GatewayOperation, unknown>;

/** A query is read into the providers' common form; the other operations take the body as is. */
function run(p: Provider, operation: GatewayOperation, call: GatewayCall, body: unknown) {
  if (operation === 'query') return p.query(call, readGatewayQuery(body as GatewayQueryBody));
  return p[operation](call, body as never);
}

/** POST /api/v1/{provider}/{operation} for every provider, and Salesforce's custom-rest. */
export const gatewayRoutes: FastifyPluginAsyncZod<{ providers: Providers }> = async (
  app,
  { providers },
) => {
  for (const provider of gatewayProviders)
    for (const [operation, op] of Object.entries(operations)) {
      app.post(
        gatewayPath(provider, operation as GatewayOperation),
        {
          schema: {
            operationId: `${provider}${operation[0]!.toUpperCase()}${operation.slice(1)}`,
            tags: ['gateway'],
            summary: `${provider}: ${op.summary}`,
            description:
              provider === 'registry'
                ? 'The registry’s Shareholder__c, Share__c and Share_Transaction__c in ' +
                  'Salesforce’s shapes, for the caller’s organization.'
                : `Answered by the ${provider} connector when configured; 501 otherwise.`,
            // The registry's insert of a Share_Transaction__c is the Transfer: it posts.
            ...(provider === 'registry' && operation === 'insert'
              ? { headers: postingHeaders }
              : {}),
            body: op.body,
            response: {
              200: op.response,
              ...errorResponses(
                ...connectorErrorCodes,
                ...operationErrorCodes[operation as GatewayOperation],
              ),
            },
          },
        },
        async (request) =>
          run(
            providerOf(providers, provider),
            operation as GatewayOperation,
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
        response: { 200: customRestResponse, ...errorResponses(...connectorErrorCodes) },
      },
    },
    async (request) => {
      const salesforce = providerOf(providers, 'salesforce');
      return salesforce.customRest!(callOf(request), request.body);
    },
  );
};
