// npm run admin -- create --email a@b.example --name "Avery Admin" [--org "Legal Name, Inc."]
// npm run admin -- time-zone --zone Europe/Warsaw [--org "Legal Name, Inc."]   (the company's
// "today"; America/New_York by default)
// --org names the company: one that does not exist yet is created, with its share classes, and
// the administrator is its first. Without --org the deployment's only company is meant.
// Creates an administrator holder with a login but no password, and mails them an invitation:
// a link to choose their password (the reset flow: 30 minutes, single use). No default account.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { isTimeZone, todayIn } from '../src/ledger';
import pino from 'pino';
import { createAuth } from '../src/server/auth/auth';
import { createLogin } from '../src/server/auth/create-login';
import { matchHolder } from '../src/server/auth/holder-match';
import { loadConfig } from '../src/server/config';
import { lockDataDir } from '../src/server/data-dir-lock';
import { openDatabase } from '../src/server/db/open-database';
import { organization, shareholder } from '../src/server/db/schema';
import { organizationMeant } from './organization-meant';
import { createMailer } from '../src/server/mail/mailer';
import { readOrCreateSessionSecret } from '../src/server/session-secret';

const usage =
  'Usage: npm run admin -- create --email <e-mail> --name <name> [--org <legal name>]\n' +
  '       npm run admin -- time-zone --zone <IANA time zone, e.g. America/Chicago> [--org <legal name>]';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    org: { type: 'string' },
    zone: { type: 'string' },
  },
});
const command = positionals[0];
const wellFormed =
  (command === 'create' && values.email && values.name) || (command === 'time-zone' && values.zone);
if (!wellFormed) {
  console.error(usage);
  process.exit(64);
}
if (command === 'time-zone' && !isTimeZone(values.zone!)) {
  console.error(`Not a time zone: ${values.zone} (use an IANA name such as America/Chicago)`);
  process.exit(64);
}
const email = (values.email ?? '').trim().toLowerCase();
if (command === 'create' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error(`Not an e-mail address: ${values.email}`);
  process.exit(64);
}

let config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
if (!config.sessionSecret)
  config = { ...config, sessionSecret: readOrCreateSessionSecret(config.dataDir) };
const log = pino({ level: 'info' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const db = database.db;
  const org = await organizationMeant(db, values.org, command === 'create');
  const orgId = org.id;
  if (command === 'time-zone') {
    await db.update(organization).set({ timeZone: values.zone! }).where(eq(organization.id, orgId));
    console.log(
      `Time zone of ${org.legalName}: ${values.zone} (today there: ${todayIn(values.zone!)})`,
    );
  } else {
    const name = values.name!;
    const existing = await matchHolder(db, email);
    if (existing.role === 'none')
      await db.insert(shareholder).values({
        organizationId: orgId,
        name,
        fullName: name,
        email,
        isAdmin: true,
      });
    else if (existing.organizationId !== orgId)
      throw new Error(`${email} already belongs to another company.`);
    else if (existing.role !== 'administrator')
      throw new Error(`${email} is already a holder who is not an administrator.`);
    const mailer = createMailer(config, log);
    const auth = createAuth({ config, db, mailer, log });
    await createLogin(db, { email, name, organizationId: orgId });
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: `${config.publicUrl}/reset-password?invite=1` },
      headers: new Headers({ 'x-client-ip': '127.0.0.1' }),
    });
    await auth.drainBackground();
    console.log(
      `Administrator ${email} created; an invitation to choose a password was mailed${config.smtpUrl ? '' : ` to the outbox in ${config.dataDir}/outbox`}.`,
    );
  }
} catch (e) {
  console.error((e as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
