import {
  startSalesforceServer,
  type SalesforceServer,
  type SalesforceServerOptions,
} from './salesforce-server';
import { useTestServer } from './use-test-server';

/** A local Salesforce for the tests around the call: started before them, closed after them. */
export const useSalesforceServer = (options: SalesforceServerOptions = {}): SalesforceServer =>
  useTestServer(() => startSalesforceServer(options));

/** The settings that point the app's Salesforce provider at `sf`. */
export const salesforceEnv = (sf: SalesforceServer) => ({
  SALESFORCE_LOGIN_URL: sf.url,
  SALESFORCE_CLIENT_ID: sf.clientId,
  SALESFORCE_CLIENT_SECRET: sf.clientSecret,
});
