import type { FastifyRequest } from 'fastify';
import { idempotencyHeader } from '../../../contract/ledger';
import { AppError } from '../../http/app-error';
import { organizationOf } from '../../http/organization-of';
import type { GatewayCall } from './gateway-provider';
import { companyCallerOf } from '../../http/caller';

/** The caller's organization; a body's organizationId, when sent, must be that one. */
export function callOf(request: FastifyRequest): GatewayCall {
  const organizationId = organizationOf(request);
  const named = (request.body as { organizationId?: string } | undefined)?.organizationId;
  if (named !== undefined && named !== organizationId)
    throw new AppError({
      code: 'AUTH.ORGANIZATION_MISMATCH',
      message: 'organizationId names another organization than your credentials.',
      field: 'organizationId',
    });
  const key = request.headers[idempotencyHeader];
  return {
    principal: companyCallerOf(request),
    organizationId,
    idempotencyKey: Array.isArray(key) ? key[0] : key,
    requestId: request.id,
  };
}
