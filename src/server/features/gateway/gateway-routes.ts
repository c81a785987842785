import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customRestBody,
  customRestResponse,
  gatewayDeleteBody,
  gatewayInsertBody,
  gatewayMoreBody,
  gatewayMoreParams,
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
import { idempotencyHeader, postingHeaders } from '../../../contract/ledger';
import type { ErrorCode } from '../../http/error-status';
import { errorResponses } from '../../http/openapi';
import { requireIdempotencyKey } from '../../ledger-store/idempotency';
import { postingErrorCodes } from '../../ledger-store/posting-codes';
import { connectorErrorCodes } from '../../salesforce/connector-error-codes';
import { callOf } from './gateway-call';
import type { Cursors, PagedOperation } from './gateway-cursor';
import { queryAnswer, searchAnswer, type PageScope } from './gateway-pages';
import type { GatewayCall, Provider } from './gateway-provider';
import { readGatewayQuery } from './gateway-query';
import { providerOf } from './providers/configured-providers';

export type Providers = Partial<Record<ProviderName, Provider>>;

/** Each operation's own refusals, over every provider (the registry's writes are the ledger's). */
const operationErrorCodes: Record<GatewayOperation, readonly ErrorCode[]> = {
  query: ['GATEWAY.NOT_SUPPORTED', 'GATEWAY.QUERY_TOO_LONG_TO_PAGE'],
  search: ['GATEWAY.NOT_SUPPORTED', 'GATEWAY.QUERY_TOO_LONG_TO_PAGE'],
  insert: ['GATEWAY.NOT_SUPPORTED', ...postingErrorCodes],
  update: [
    'GATEWAY.APPEND_ONLY',
    'SHAREHOLDER.NOT_FOUND',
    'VALIDATION.READ_ONLY',
    'VALIDATION.ID_MISMATCH',
  ],
  delete: ['GATEWAY.APPEND_ONLY'],
};

const errorsOf = (operation: GatewayOperation) =>
  errorResponses(...connectorErrorCodes, ...operationErrorCodes[operation]);

/** A nextRecordsUrl's own refusals: not a cursor of ours, another caller's, expired. */
const moreErrors = errorResponses(
  ...connectorErrorCodes,
  'GATEWAY.NOT_SUPPORTED',
  'GATEWAY.CURSOR_INVALID',
  'GATEWAY.CURSOR_NOT_YOURS',
  'GATEWAY.CURSOR_EXPIRED',
);

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
    description:
      `${REGISTRY} (a key needs ledger:write too). ${PROVIDERS}. The Idempotency-Key makes a ` +
      'retry with the same key and body answer the first result again, never a second write ' +
      '(registry: the Transfer’s; salesforce: the record created the first time).',
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

/** A page of `operation` from `p`, for the caller: its nextRecordsUrl is theirs. */
const scopeOf = (cursors: Cursors, call: GatewayCall, p: Provider, operation: PagedOperation) => ({
  cursors,
  call,
  provider: p.name,
  operation,
});

/**
 * A query is read into the providers' common form, and its page (or a search's) answered with
 * its nextRecordsUrl; the other operations take the body as is.
 */
async function run(
  p: Provider,
  operation: GatewayOperation,
  call: GatewayCall,
  body: unknown,
  cursors: Cursors,
) {
  if (operation === 'query') {
    const page = await p.query(call, readGatewayQuery(body as GatewayQueryBody));
    return queryAnswer(scopeOf(cursors, call, p, operation), page);
  }
  if (operation === 'search')
    return searchAnswer(scopeOf(cursors, call, p, operation), await p.search(call, body as never));
  return p[operation](call, body as never);
}

/** The page a nextRecordsUrl points at, once its cursor says it is this caller's. */
async function runMore(p: Provider, scope: PageScope, cursor: string) {
  const { cursors, call, provider, operation } = scope;
  const next = cursors.open(cursor, {
    provider,
    operation,
    organizationId: call.organizationId,
    userId: call.principal.userId,
  });
  return operation === 'query'
    ? queryAnswer(scope, await p.queryMore(call, next))
    : searchAnswer(scope, await p.searchMore(call, next));
}

type Options = { providers: Providers; cursors: Cursors };

/** POST /api/v1/{provider}/{operation}: one route per operation, the provider a parameter. */
const operationRoutes: FastifyPluginAsyncZod<Options> = async (app, { providers, cursors }) => {
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
          ...(operation === 'insert' && { headers: postingHeaders }),
          body: op.body,
          response: { 200: op.response, ...errorsOf(operation) },
        },
        // Every insert needs its key, refused with the ledger's own codes before the body is read.
        ...(operation === 'insert' && {
          preValidation: async (request: FastifyRequest) => {
            requireIdempotencyKey(request.headers[idempotencyHeader]);
          },
        }),
      },
      async (request) => {
        const p = providerOf(providers, request.params.provider);
        return run(p, operation, callOf(request), request.body, cursors);
      },
    );
  }
};

/** GET or POST an answer's nextRecordsUrl: the next page of a query or a search. */
const nextPageRoutes: FastifyPluginAsyncZod<Options> = async (app, { providers, cursors }) => {
  for (const operation of ['query', 'search'] as const)
    for (const method of ['GET', 'POST'] as const) {
      const title = operation[0]!.toUpperCase() + operation.slice(1);
      app.route({
        method,
        url: operation === 'query' ? gatewayPaths.queryMore : gatewayPaths.searchMore,
        schema: {
          operationId: `gateway${title}More${method === 'POST' ? 'ByPost' : ''}`,
          tags: ['gateway'],
          summary: `The next page of a ${operation} (its nextRecordsUrl)`,
          description:
            `Follows a ${operation}’s nextRecordsUrl, by GET or POST, for the caller who ran ` +
            `the ${operation} only (403 for anyone else), within its lifetime (410 after).`,
          params: gatewayMoreParams,
          ...(method === 'POST' && { body: gatewayMoreBody }),
          response: {
            200: operation === 'query' ? gatewayQueryResponse : gatewaySearchResponse,
            ...moreErrors,
          },
        },
        handler: async (request) => {
          const p = providerOf(providers, request.params.provider);
          const scope = scopeOf(cursors, callOf(request), p, operation);
          return runMore(p, scope, request.params.cursor);
        },
      });
    }
};

/** The gateway's operations, their next pages, and Salesforce's custom-rest. */
export const gatewayRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  await app.register(operationRoutes, options);
  await app.register(nextPageRoutes, options);
  const { providers } = options;

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
