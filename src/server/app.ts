import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { Database } from './db/open-database';
import { registerJsonBodyParser } from './http/json-body-parser';
import { docsUi, openApiDocument } from './http/openapi';
import { openApiTransform } from './http/openapi-transform';
import { serializerCompiler } from './http/serializer-compiler';
import { loggerOptions } from './logger';
import { RequestLogController } from './request-log-controller';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerAccessControl, type PrincipalResolver } from './plugins/access-control';
import { registerWebApp } from './plugins/web-app';
import { registerCanonicalHost } from './plugins/canonical-host';
import { registerSessionCache } from './plugins/session-cache';
import { sessionCookieOf } from './auth/auth';
import { createPrincipalResolver } from './auth/resolve-principal';
import { healthRoutes } from './features/health/health-routes';
import { setUpAuth } from './auth/set-up-auth';
import { authRoutes } from './auth/auth-routes';
import { betterAuthRoutes } from './auth/better-auth-routes';
import { shareholderRoutes } from './features/shareholders/shareholder-routes';
import { inviteRoutes } from './features/shareholders/invite-routes';
import { accessRoutes } from './features/shareholders/access-routes';
import { shareClassRoutes } from './features/share-classes/share-class-routes';
import { capTableRoutes } from './features/cap-table/cap-table-routes';
import { companySettingsRoutes } from './features/company-settings/company-settings-routes';
import { correctionRoutes } from './features/corrections/correction-routes';
import { statementPdfRoutes } from './features/shareholders/statement-pdf-routes';
import { certificateRoutes } from './features/certificates/certificate-routes';
import { pdfRenderLimits } from './pdf/render-limits';
import { transactionRoutes } from './features/transactions/transaction-routes';
import { auditRoutes } from './features/audit/audit-routes';
import { companyLedgerRoutes } from './features/company-ledger/company-ledger-routes';
import { ocfExportRoutes } from './features/ocf-export/ocf-export-routes';
import { exportRoutes } from './features/exports/export-routes';
import { dataApiRoutes } from './features/data-api/data-api-routes';
import { apiKeyRoutes } from './features/api-keys/api-key-routes';
import { registerApiKeyAudit } from './plugins/api-key-audit';
import { gatewayRoutes } from './features/gateway/gateway-routes';
import { configureGateway } from './features/gateway/providers/configured-providers';
import { ocfImportRoutes } from './features/ocf-import/ocf-import-routes';
import { salesforceImportRoutes } from './features/salesforce-import/salesforce-import-routes';
import { sheetImportRoutes } from './features/sheet-import/sheet-import-routes';
import { registerOperationNotices } from './notices/register-notices';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Folder of the built web app (dist/web); undefined serves no pages. */
  webDir?: string;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

/** Builds the whole HTTP application; listening, locking and shutdown live in main.ts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    logController: new RequestLogController(),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Long path parameters reach the route's schema and get its 400 naming the field, not the
    // router's bare 414 (find-my-way's default limit is 100 characters). Node's header limit
    // (16 KiB, the request line included) bounds them anyway.
    routerOptions: { maxParamLength: 16 * 1024 },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    done();
  });

  registerErrorHandler(app);
  registerCanonicalHost(app, config.publicUrl);
  await registerSecurityHeaders(app);

  // Before any route, so that the inventory sees them all.
  const { auth, mailer } = setUpAuth(app, config, database.db);
  const notices = registerOperationNotices(app, { db: database.db, mailer, config });
  const sessionCache = await registerSessionCache(app, database, config.sessionCacheSeconds);
  const resolvePrincipal: PrincipalResolver = createPrincipalResolver(
    sessionCookieOf(config),
    database.db,
    sessionCache,
  );
  registerAccessControl(app, resolvePrincipal);
  registerApiKeyAudit(app, database.db);

  await app.register(swagger, {
    openapi: openApiDocument,
    transform: openApiTransform,
  });
  await app.register(swaggerUi, docsUi);

  // The route map, top to bottom (features are registered explicitly, never autoloaded).
  await app.register(healthRoutes, { database });
  await app.register(betterAuthRoutes, { auth, db: database.db });
  await app.register(authRoutes, { auth, db: database.db, config, mailer });
  await app.register(shareholderRoutes, { db: database.db });
  await app.register(inviteRoutes, { db: database.db, auth, publicUrl: config.publicUrl });
  await app.register(accessRoutes, { db: database.db });
  // One set of PDF render limits for the process: statements and certificates share them.
  const pdfRender = pdfRenderLimits();
  await app.register(statementPdfRoutes, { db: database.db, render: pdfRender });
  await app.register(certificateRoutes, { db: database.db, render: pdfRender });
  await app.register(shareClassRoutes, { db: database.db });
  await app.register(capTableRoutes, { db: database.db });
  await app.register(transactionRoutes, { database });
  await app.register(correctionRoutes, { database });
  await app.register(companySettingsRoutes, { db: database.db });
  await app.register(auditRoutes, { db: database.db });
  await app.register(companyLedgerRoutes, { db: database.db });
  await app.register(ocfExportRoutes, { db: database.db });
  await app.register(exportRoutes, { db: database.db });
  await app.register(dataApiRoutes, { database });
  await app.register(apiKeyRoutes, { db: database.db });
  const gateway = configureGateway(config, database, notices);
  await app.register(gatewayRoutes, { providers: gateway.providers, cursors: gateway.cursors });
  await app.register(salesforceImportRoutes, { database, client: gateway.salesforce });
  await app.register(ocfImportRoutes, { database });
  await app.register(sheetImportRoutes, { database });

  await registerWebApp(app, deps.webDir);
  return app;
}
