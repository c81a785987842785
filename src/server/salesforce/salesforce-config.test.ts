import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { apiVersionPattern, salesforceDefaults } from './salesforce-config';

describe('salesforce-config', () => {
  it('defaults to Salesforce’s production login and API v62.0', () => {
    expect(
      parseConfig({ SALESFORCE_CLIENT_ID: 'id', SALESFORCE_CLIENT_SECRET: 's' }).salesforce,
    ).toEqual({
      loginUrl: salesforceDefaults.loginUrl,
      clientId: 'id',
      clientSecret: 's',
      apiVersion: salesforceDefaults.apiVersion,
    });
    expect(salesforceDefaults).toEqual({
      loginUrl: 'https://login.salesforce.com',
      apiVersion: 'v62.0',
    });
  });

  it.each([
    ['v62.0', true],
    ['v9.0', true],
    ['v100.1', true],
    ['62.0', false],
    ['v62', false],
    ['v62.00', false],
    ['V62.0', false],
    ['v62.0 ', false],
  ])('API version %j is %s', (version, ok) => {
    expect(apiVersionPattern.test(version)).toBe(ok);
  });
});
