// The server the browser tests run against: a local SMTP catcher (mail saved as JSON files in
// E2E_DATA_DIR/mail), a local OpenID provider standing in for Google, a local
// Salesforce-compatible server holding a small ledger to import, then the app itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpCatcher } from '../../src/server/mail/test-smtp-catcher';
import { startTestIdp, TEST_CLIENT } from '../../src/server/auth/test-oidc-provider';
import { salesforceLedger } from '../../src/server/features/salesforce-import/salesforce-fixture';
import { startSalesforceServer } from '../../src/server/test-support/salesforce-server';

const publicUrl = process.env.PUBLIC_URL!;
const dataDir = process.env.DATA_DIR!;
const mailDir = join(dataDir, 'mail');
mkdirSync(mailDir, { recursive: true });
let n = 0;
const smtp = await startSmtpCatcher(Number(process.env.E2E_SMTP_PORT), (mail) => {
  n += 1;
  writeFileSync(join(mailDir, `${String(n).padStart(4, '0')}.json`), JSON.stringify(mail));
});
const idp = await startTestIdp({
  port: Number(process.env.E2E_OIDC_PORT),
  redirectUris: [`${publicUrl}/api/auth/callback/google`],
});
const salesforce = await startSalesforceServer();
const ledger = salesforceLedger();
salesforce.seed('Shareholder__c', ledger.shareholders);
salesforce.seed('Share__c', ledger.shares);
salesforce.seed('Share_Transaction__c', ledger.transactions);
process.env.SALESFORCE_LOGIN_URL = salesforce.url;
process.env.SALESFORCE_CLIENT_ID = salesforce.clientId;
process.env.SALESFORCE_CLIENT_SECRET = salesforce.clientSecret;
process.env.SMTP_URL = smtp.url;
process.env.GOOGLE_CLIENT_ID = TEST_CLIENT.id;
process.env.GOOGLE_CLIENT_SECRET = TEST_CLIENT.secret;
process.env.GOOGLE_ISSUER = idp.issuer;
await import('../../src/server/main');
