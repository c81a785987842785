import { afterAll } from 'vitest';
import { filledBeforeAll } from './filled-before-all';
import {
  startSalesforceServer,
  type SalesforceServer,
  type SalesforceServerOptions,
} from './salesforce-server';

/** A local Salesforce for the tests around the call: started before them, closed after them. */
export function useSalesforceServer(options: SalesforceServerOptions = {}): SalesforceServer {
  const sf = filledBeforeAll(() => startSalesforceServer(options));
  afterAll(() => sf.close());
  return sf;
}

/** The settings that point the app's Salesforce provider at `sf`. */
export const salesforceEnv = (sf: SalesforceServer) => ({
  SALESFORCE_LOGIN_URL: sf.url,
  SALESFORCE_CLIENT_ID: sf.clientId,
  SALESFORCE_CLIENT_SECRET: sf.clientSecret,
});
