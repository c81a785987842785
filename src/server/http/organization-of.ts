import type { FastifyRequest } from 'fastify';
import type { DataEntity } from '../../contract/data-api';
import { companyCallerOf } from './caller';

/** The caller's organization: every statement of the data layer is limited to it. */
export const organizationOf = (request: FastifyRequest): string =>
  companyCallerOf(request).organizationId;

/** The caller's organization and the entity the path names: what a one-record write aims at. */
export const target = (request: FastifyRequest & { params: { entity: DataEntity } }) => ({
  organizationId: organizationOf(request),
  entity: request.params.entity,
});
