import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyPaths,
  apiKeysResponse,
  createApiKeyBody,
  createdApiKey,
  revokedApiKey,
} from '../../../contract/api-keys';
import { idParams } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { errorResponses } from '../../http/openapi';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';
import { companyCallerOf } from '../../http/caller';

const tags = ['api-keys'];

const createSchema = {
  operationId: 'createApiKey',
  tags,
  summary: 'Create an API key (administrator)',
  description:
    'Answers the key once; it is kept only as its hash. Send it as `X-API-Key`; it reaches the ' +
    'routes its scopes name, for this organization only.',
  body: createApiKeyBody,
  response: { 201: createdApiKey, ...errorResponses('API_KEY.NAME_TAKEN') },
};

const listSchema = {
  operationId: 'listApiKeys',
  tags,
  summary: "The organization's API keys (administrator)",
  description: 'Name, scopes, prefix, created and last used; never the key.',
  response: { 200: apiKeysResponse },
};

const revokeSchema = {
  operationId: 'revokeApiKey',
  tags,
  summary: 'Revoke an API key (administrator)',
  description: 'The key is refused from its very next request.',
  params: idParams,
  response: { 200: revokedApiKey, ...errorResponses('API_KEY.NOT_FOUND') },
};

/** Machine access (spec section 6): administrators create, list and revoke keys. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(apiKeyPaths.keys, { schema: createSchema }, async (request, reply) => {
    const created = await createApiKey(db, {
      principal: companyCallerOf(request),
      body: request.body,
      requestId: request.id,
    });
    return reply.code(201).send(created);
  });
  app.get(apiKeyPaths.keys, { schema: listSchema }, async (request) =>
    listApiKeys(db, companyCallerOf(request)),
  );
  app.delete(apiKeyPaths.key, { schema: revokeSchema }, async (request) =>
    revokeApiKey(db, {
      principal: companyCallerOf(request),
      id: request.params.id,
      requestId: request.id,
    }),
  );
};
