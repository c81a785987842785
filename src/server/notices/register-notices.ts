import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { createOperationNotices, type OperationNotices } from './operation-notices';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail notices after each operation: `request.server.notices.send({...})`. */
    notices: OperationNotices;
  }
}

/**
 * The operation notices of this app (called from app.ts): any route that posts an operation
 * calls `request.server.notices.send({ organizationId, operationId })` once it has committed; the
 * app waits for the notices under way when it closes.
 */
export function registerOperationNotices(
  app: FastifyInstance,
  deps: { db: Db; mailer: Mailer; config: Config },
): OperationNotices {
  const notices = createOperationNotices({ ...deps, log: app.log });
  app.decorate('notices', notices);
  app.addHook('onClose', async () => {
    await notices.drain();
  });
  return notices;
}
