import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions } from './helmet-headers';
import { registerSecurityHeaders } from './security-headers';

/**
 * What helmet itself sets on a real response, header by header. (@fastify/helmet declares the
 * same options through helmet's CommonJS types, hence the cast.)
 */
function setByHelmet(options: FastifyHelmetOptions | HelmetOptions): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('X-Powered-By', 'Express');
  helmet(options as HelmetOptions)(req, res, (err) => {
    if (err) throw err as Error;
  });
  return Object.fromEntries(
    Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

/** The headers helmet names, as one answer of an app registered with `register` carries them. */
async function sentBy(
  register: (app: FastifyInstance) => Promise<unknown>,
  names: string[],
): Promise<Record<string, string>> {
  const app = Fastify();
  await register(app);
  app.get('/', () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return Object.fromEntries(
    names.filter((n) => res.headers[n] !== undefined).map((n) => [n, String(res.headers[n])]),
  );
}

const allHelmetNames = Object.keys(setByHelmet({})).concat(Object.keys(setByHelmet(helmetOptions)));

describe('helmet headers (@fastify/helmet)', () => {
  it("are exactly the headers helmet sets on a response with the app's options", async () => {
    const sent = await sentBy(registerSecurityHeaders, allHelmetNames);
    expect(Object.keys(sent).length).toBeGreaterThan(10);
    expect(sent['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(sent).toEqual(setByHelmet(helmetOptions));
  });

  it('follow the options given: a header turned off is not sent', async () => {
    const options: FastifyHelmetOptions = { strictTransportSecurity: false, xFrameOptions: false };
    const sent = await sentBy(async (app) => {
      await app.register(fastifyHelmet, options);
    }, allHelmetNames);
    expect(sent['strict-transport-security']).toBeUndefined();
    expect(sent['x-frame-options']).toBeUndefined();
    expect(sent).toEqual(setByHelmet(options));
  });
});
