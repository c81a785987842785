// The connected Salesforce org of this installation (SALESFORCE_* in config.ts, the only reader
// of the environment): a connected app's client id and secret for the OAuth 2.0
// client-credentials flow. Salesforce is configured when both are set; config.ts refuses one
// without the other, as it refuses half a Google pair.

export interface SalesforceSettings {
  /** Where the token is asked for: https://login.salesforce.com, test.salesforce.com, or My Domain. */
  loginUrl: string;
  clientId: string;
  clientSecret: string;
  /** The REST API version of every /services/data path, as `v62.0`. */
  apiVersion: string;
  /** The client's timeout per request; gatewayLimits.timeoutMs (30 s) when absent. */
  timeoutMs?: number;
}

export const salesforceDefaults = {
  loginUrl: 'https://login.salesforce.com',
  apiVersion: 'v62.0',
} as const;

/** SALESFORCE_API_VERSION's shape: `v` and Salesforce's major.minor (`v62.0`). */
export const apiVersionPattern = /^v\d+\.\d$/;
