import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, parseConfig } from './config';

const fails = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('parseConfig', () => {
  it('has working defaults for the embedded demo', () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(resolve('data'));
    expect(c.host).toBe('127.0.0.1');
    expect(c.trustProxy).toBe(false);
    expect(c.databaseWaitSeconds).toBe(30);
    expect(c.env).toBe('development');
    expect(c.mailFrom).toBe('Shareholder Registry <registry@localhost>');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.demoData).toBeUndefined();
    expect(c.google).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/x', SESSION_SECRET: 'x'.repeat(32) }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ DATABASE_URL: 'postgres://127.0.0.1/x' }, 'SESSION_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'abc' }, 'GOOGLE_CLIENT_SECRET'],
    [{ GOOGLE_ISSUER: 'ftp://x' }, 'GOOGLE_ISSUER'],
    [{ SALESFORCE_CLIENT_ID: 'abc' }, 'SALESFORCE_CLIENT_SECRET'],
    [{ SALESFORCE_CLIENT_SECRET: 'abc' }, 'SALESFORCE_CLIENT_ID'],
    [{ SALESFORCE_LOGIN_URL: 'ftp://x' }, 'SALESFORCE_LOGIN_URL'],
    [{ SALESFORCE_API_VERSION: '62' }, 'SALESFORCE_API_VERSION'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ HOST: 'http://0.0.0.0' }, 'HOST'],
    [{ HOST: 'my host' }, 'HOST'],
    [{ MAIL_FROM: 'registry' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'Registry <registry>' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'Registry <a@b.example' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'two@a.example, three@b.example' }, 'MAIL_FROM'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ GOOGLE_ISSUER: 'https://issuer.example' }, 'GOOGLE_ISSUER'],
    [{ SESSION_CACHE_SECONDS: '61' }, 'SESSION_CACHE_SECONDS'],
    [{ SESSION_CACHE_SECONDS: 'always' }, 'SESSION_CACHE_SECONDS'],
  ])('names the variable in one line: %o', (env, name) => {
    const message = fails(env);
    expect(message).toContain(name);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('never echoes a secret value back', () => {
    const message = fails({ SESSION_SECRET: 'hunter2-secret' });
    expect(message).not.toContain('hunter2');
    const dbMessage = fails({
      DATABASE_URL: 'mysql://user:pa55word@host/db',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(dbMessage).not.toContain('pa55word');
  });

  it.each([
    [
      'the Salesforce connected app',
      'salesforce',
      'SALESFORCE',
      { loginUrl: 'https://login.salesforce.com', apiVersion: 'v62.0' },
    ],
    ['Google credentials', 'google', 'GOOGLE', { issuer: 'https://accounts.google.com' }],
  ] as const)(
    'reads %s with its defaults, and never echoes its secret',
    (_what, key, prefix, defaults) => {
      const c = parseConfig({
        [`${prefix}_CLIENT_ID`]: 'id',
        [`${prefix}_CLIENT_SECRET`]: 'secret',
      });
      expect(c[key]).toEqual({ clientId: 'id', clientSecret: 'secret', ...defaults });
      expect(parseConfig({})[key]).toBeUndefined();
      expect(fails({ [`${prefix}_CLIENT_SECRET`]: 'hunter2-hunter2' })).not.toContain('hunter2');
    },
  );

  it('reads SALESFORCE_LOGIN_URL and SALESFORCE_API_VERSION when set', () => {
    const c = parseConfig({
      SALESFORCE_CLIENT_ID: 'id',
      SALESFORCE_CLIENT_SECRET: 'secret',
      SALESFORCE_LOGIN_URL: 'https://acme.my.salesforce.com/',
      SALESFORCE_API_VERSION: 'v61.0',
    });
    expect(c.salesforce).toMatchObject({
      loginUrl: 'https://acme.my.salesforce.com',
      apiVersion: 'v61.0',
    });
    expect(
      parseConfig({ SALESFORCE_LOGIN_URL: 'http://127.0.0.1:4000' }).salesforce,
    ).toBeUndefined();
  });

  it('refuses half a Salesforce pair in one line, an empty value counting as unset', () => {
    expect(fails({ SALESFORCE_CLIENT_ID: 'id', SALESFORCE_CLIENT_SECRET: '' })).toBe(
      'Invalid configuration: SALESFORCE_CLIENT_SECRET must be set together with SALESFORCE_CLIENT_ID',
    );
    expect(fails({ SALESFORCE_CLIENT_SECRET: 'secret' })).toBe(
      'Invalid configuration: SALESFORCE_CLIENT_ID must be set together with SALESFORCE_CLIENT_SECRET',
    );
    for (const version of ['v62', '62.0', 'v62.00'])
      expect(fails({ SALESFORCE_API_VERSION: version })).toBe(
        `Invalid configuration: SALESFORCE_API_VERSION must look like v62.0 (got "${version}")`,
      );
    expect(fails({ SALESFORCE_LOGIN_URL: 'ftp://login.example' })).toContain(
      'SALESFORCE_LOGIN_URL must be a http: or https: URL',
    );
  });

  it('treats empty variables as unset and parses DEMO_DATA', () => {
    expect(parseConfig({ PORT: '', DEMO_DATA: 'false' })).toMatchObject({
      port: 3000,
      demoData: false,
    });
  });

  it('says what is wrong, in one line, with the value when it is not a secret', () => {
    expect(fails({ MAIL_FROM: 'registry' })).toBe(
      'Invalid configuration: MAIL_FROM must be an e-mail address, optionally with a name: Name <user@example.com> (got "registry")',
    );
    expect(fails({ NODE_ENV: 'staging' })).toBe(
      'Invalid configuration: NODE_ENV must be one of development, production, test (got "staging")',
    );
    expect(fails({ GOOGLE_ISSUER: 'https://issuer.example' })).toBe(
      'Invalid configuration: GOOGLE_ISSUER is set but GOOGLE_CLIENT_ID is not (Google sign-in needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
    );
  });

  it('accepts host names and IP addresses for HOST', () => {
    for (const host of ['127.0.0.1', '::', '::1', 'localhost', 'registry.internal', '0.0.0.0'])
      expect(parseConfig({ HOST: host }).host).toBe(host);
  });

  it('reads TRUST_PROXY as a list of proxy addresses, never as "trust all" or a hop count', () => {
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(
      parseConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
    for (const bad of ['true', '1', '10.0.0.0/33', 'proxy.internal', '1,2'])
      expect(fails({ TRUST_PROXY: bad })).toMatch(/^Invalid configuration: TRUST_PROXY must be/);
  });

  it('remembers sessions 10 s by default; SESSION_CACHE_SECONDS=0 turns that off', () => {
    expect(parseConfig({}).sessionCacheSeconds).toBe(10);
    expect(parseConfig({ SESSION_CACHE_SECONDS: '0' }).sessionCacheSeconds).toBe(0);
  });

  it('resolves DATA_DIR to an absolute folder', () => {
    expect(parseConfig({ DATA_DIR: '/srv/registry' }).dataDir).toBe('/srv/registry');
    expect(parseConfig({ DATA_DIR: 'var/db' }).dataDir).toBe(resolve('var/db'));
    expect(parseConfig({ DATA_DIR: '' }).dataDir).toBe(resolve('data'));
  });

  it('accepts MAIL_FROM as an address, with or without a name', () => {
    for (const from of [
      'registry@acme.example',
      'Acme Registry <registry@acme.example>',
      '"Acme, Inc. Registry" <registry@acme.example>',
      'registry@localhost',
      '  Registry <r+notices@mail.acme.example>  ',
    ])
      expect(parseConfig({ MAIL_FROM: from }).mailFrom).toBe(from.trim());
  });

  it('reads NODE_ENV; production runs with a SESSION_SECRET', () => {
    const c = parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) });
    expect(c.env).toBe('production');
    expect(c.logLevel).toBe('info');
    expect(parseConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('uses GOOGLE_ISSUER with the client id and secret (a local provider in tests)', () => {
    const c = parseConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:4000/',
    });
    expect(c.google?.issuer).toBe('http://127.0.0.1:4000');
  });

  it('lets tools that sign nothing (db:migrate) run on PostgreSQL without SESSION_SECRET', () => {
    const env = { DATABASE_URL: 'postgres://127.0.0.1/x', NODE_ENV: 'production' };
    expect(parseConfig(env, { needsSessionSecret: false }).sessionSecret).toBeUndefined();
    expect(fails(env)).toContain('SESSION_SECRET');
  });
});

describe('the variables a newcomer is told about', () => {
  const read = (file: string) => readFileSync(resolve(__dirname, '../..', file), 'utf8');

  it('.env.example and the README table name every variable the server reads', () => {
    const example = read('.env.example');
    const readme = read('README.md');
    expect(configVariables.filter((v) => !new RegExp(`^# ${v}=`, 'm').test(example))).toEqual([]);
    expect(configVariables.filter((v) => !readme.includes(`| \`${v}\``))).toEqual([]);
  });
});
