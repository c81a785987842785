import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

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
    expect(c.dataDir).toBe('./data');
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
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
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

  it('reads Google credentials with the Google issuer by default', () => {
    const c = parseConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(c.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
  });

  it('treats empty variables as unset and parses DEMO_DATA', () => {
    expect(parseConfig({ PORT: '', DEMO_DATA: 'false' })).toMatchObject({
      port: 3000,
      demoData: false,
    });
  });
});
