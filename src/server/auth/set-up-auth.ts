import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { createAuth, type Auth } from './auth';
import { registerCsrfCheck } from './csrf';
import { watchObjectDenials } from './denial-log';

export interface AuthRuntime {
  auth: Auth;
  mailer: Mailer;
  /** Resolves when every background sign-in task (mails) has finished. */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authRuntime: AuthRuntime;
  }
}

/** better-auth, the mailer and the CSRF check, wired into the app (called from app.ts). */
export function setUpAuth(app: FastifyInstance, config: Config, db: Db): AuthRuntime {
  const mailer = createMailer(config, app.log);
  const auth = createAuth({ config, db, mailer, log: app.log });
  const runtime: AuthRuntime = { auth, mailer, drain: () => auth.drainBackground() };
  app.decorate('authRuntime', runtime);
  registerCsrfCheck(app, config.publicUrl);
  // The principal is resolved in onRequest (access control); denials are logged from then on.
  app.addHook('preHandler', (request, _reply, done) => {
    watchObjectDenials(request);
    done();
  });
  // The popup's last page must keep its opener to post the outcome (HDR-05).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/auth-popup.'))
      void reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await runtime.drain();
  });
  return runtime;
}
