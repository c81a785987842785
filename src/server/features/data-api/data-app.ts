import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DataLane } from '../../db/data-lane';

/** The Fastify instance the data layer's route files register on (each with the data lane). */
export type DataApp = Parameters<FastifyPluginAsyncZod<{ lane: DataLane }>>[0];
