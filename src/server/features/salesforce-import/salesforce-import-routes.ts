import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gatewayPaths,
  salesforceImportBody,
  salesforceImportReport,
  salesforceImportStatus,
} from '../../../contract/salesforce-import';
import { gatewayMessages } from '../../../contract/gateway';
import type { Database } from '../../db/open-database';
import { AppError } from '../../http/app-error';
import { errorResponses } from '../../http/openapi';
import { organizationOf } from '../../http/organization-of';
import type { SalesforceClient } from '../../salesforce/salesforce-client';
import { connectorErrorCodes } from '../../salesforce/connector-error-codes';
import { readSalesforceLedger } from './read-salesforce-ledger';
import { runSalesforceImport } from './run-import';
import { companyCallerOf } from '../../http/caller';

/**
 * GET /api/v1/import/salesforce: whether an org is connected (the Import page says so on
 * arrival). POST (administrators): a dry run, or the import when it is clean.
 */
export const salesforceImportRoutes: FastifyPluginAsyncZod<{
  database: Database;
  client: SalesforceClient | undefined;
}> = async (app, { database, client }) => {
  app.get(
    gatewayPaths.importSalesforce,
    {
      schema: {
        operationId: 'getSalesforceImportStatus',
        tags: ['gateway'],
        summary: 'Whether a Salesforce org is connected to import from',
        description:
          'connected is false when the server has no Salesforce connected app configured; the ' +
          'import then answers 501.',
        response: { 200: salesforceImportStatus },
      },
    },
    async () => ({ connected: client !== undefined }),
  );
  app.post(
    gatewayPaths.importSalesforce,
    {
      schema: {
        operationId: 'importFromSalesforce',
        tags: ['gateway'],
        summary: 'Import Shareholder__c, Share__c and Share_Transaction__c from Salesforce',
        description:
          'Reads the connected org and posts its history through the ledger’s rules, in date and ' +
          'Transaction_Order order. dryRun (the default) writes nothing; an import writes ' +
          'nothing unless every problem is accepted (by record Id or kind). Safe to re-run.',
        body: salesforceImportBody,
        response: {
          200: salesforceImportReport,
          ...errorResponses(...connectorErrorCodes, 'GATEWAY.NOT_SUPPORTED'),
        },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      if (!client)
        throw new AppError({
          code: 'GATEWAY.PROVIDER_NOT_CONFIGURED',
          message: gatewayMessages.salesforceNotConnected,
          details: {
            provider: 'salesforce',
            configured: ['registry'],
          },
        });
      const ledger = await readSalesforceLedger(client);
      const caller = companyCallerOf(request);
      return runSalesforceImport(database, {
        organizationId,
        ledger,
        dryRun: request.body.dryRun,
        accept: request.body.accept,
        actor: { userId: caller.userId, holderId: caller.holderId },
      });
    },
  );
};
