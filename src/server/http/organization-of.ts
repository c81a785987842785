import type { FastifyRequest } from 'fastify';
import type { DataEntity } from '../../contract/data-api';
import { AppError } from './app-error';

/** The caller's organization: every statement of the data layer is limited to it. */
export function organizationOf(request: FastifyRequest): string {
  const id = request.principal?.organizationId;
  if (!id)
    throw new AppError({
      code: 'AUTH.FORBIDDEN',
      message: 'You do not have access to this resource.',
    });
  return id;
}

/** The caller's organization and the entity the path names: what a one-record write aims at. */
export const target = (request: FastifyRequest & { params: { entity: DataEntity } }) => ({
  organizationId: organizationOf(request),
  entity: request.params.entity,
});
