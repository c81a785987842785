import {
  gatewayMessages,
  gatewayProviders,
  type GatewayProvider,
} from '../../../../contract/gateway';
import { AppError } from '../../../http/app-error';
import type { Config } from '../../../config';
import type { Database } from '../../../db/open-database';
import { createCursors, type Cursors } from '../gateway-cursor';
import type { Provider } from '../gateway-provider';
import { withAudit } from '../gateway-audit';
import { withIdempotentInsert } from '../gateway-idempotency';
import { SalesforceClient } from '../../../salesforce/salesforce-client';
import { createRegistryProvider } from './registry-provider';
import type { OperationNotices } from '../../../notices/operation-notices';
import { createSalesforceProvider } from './salesforce-provider';

/**
 * The provider behind a path, or 501 naming the configured ones: hubspot, monday, airtable, zoho,
 * clickup, pipedrive and dropbox are recognised (spec section 7) but have no connector yet.
 */
export function providerOf(
  providers: Partial<Record<GatewayProvider, Provider>>,
  name: GatewayProvider,
): Provider {
  const provider = providers[name];
  if (provider) return provider;
  throw new AppError({
    code: 'GATEWAY.PROVIDER_NOT_CONFIGURED',
    message: gatewayMessages.notConfigured,
    details: {
      provider: name,
      configured: gatewayProviders.filter((p) => providers[p] !== undefined),
    },
  });
}

export interface Gateway {
  providers: Partial<Record<GatewayProvider, Provider>>;
  /** The connected Salesforce org, when SALESFORCE_* configure one (the importer reads it). */
  salesforce: SalesforceClient | undefined;
  /** Signs and reads the cursors of nextRecordsUrl. */
  cursors: Cursors;
}

/** The providers this installation answers for: the registry always, Salesforce when configured. */
export function configureGateway(
  config: Config,
  database: Database,
  notices: Pick<OperationNotices, 'send'> | null,
): Gateway {
  const registry = createRegistryProvider(database, notices);
  const cursors = createCursors(config.sessionSecret);
  if (!config.salesforce) return { providers: { registry }, salesforce: undefined, cursors };
  const client = new SalesforceClient(config.salesforce);
  // A replayed insert is not audited again: the key is checked before the audit.
  const salesforce = withIdempotentInsert(
    withAudit(createSalesforceProvider(client), database.db),
    database.db,
  );
  return { providers: { registry, salesforce }, salesforce: client, cursors };
}
