import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, helmetOptions } from './helmet-headers';

/** What helmet itself sets on a real response, header by header. */
function setByHelmet(options: HelmetOptions): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  res.setHeader('X-Powered-By', 'Express');
  helmet(options)(req, res, (err) => {
    if (err) throw err as Error;
  });
  return Object.fromEntries(
    Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

describe('helmetHeaders (worked out once)', () => {
  it("are exactly the headers helmet sets on a response with the app's options", () => {
    const once = helmetHeaders();
    expect(Object.keys(once).length).toBeGreaterThan(10);
    expect(once['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(once).toEqual(setByHelmet(helmetOptions));
  });

  it('follow the options given: a header turned off is not sent', () => {
    const options: HelmetOptions = { strictTransportSecurity: false, xFrameOptions: false };
    expect(helmetHeaders(options)['strict-transport-security']).toBeUndefined();
    expect(helmetHeaders(options)['x-frame-options']).toBeUndefined();
    expect(helmetHeaders(options)).toEqual(setByHelmet(options));
  });
});
