// A local stand-in for Google in tests: oidc-provider 9, one client, automatic login and consent.
import http from 'node:http';
import Provider from 'oidc-provider';

export interface TestIdpUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export const TEST_CLIENT = { id: 'registry-test-client', secret: 'registry-test-client-secret' };

/**
 * Starts the provider on 127.0.0.1:port (0 picks one). The signed-in user is whatever
 * `setUser` (or `POST /__test/user` with that JSON) said last. Redirect URIs: the app's callback.
 */
export async function startTestIdp(opts: {
  port?: number;
  redirectUris: string[];
  user?: TestIdpUser;
}) {
  let user: TestIdpUser = opts.user ?? {
    sub: 'google-sub-1',
    email: 'holder@acme.test',
    email_verified: true,
    name: 'Harper Holder',
  };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const issuer = `http://localhost:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['registry-test-idp-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ ...user, sub }),
    }),
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    renderError: async (ctx: { type: string; body: unknown }, out: unknown) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
  const callback = oidc.callback();
  const authRequests: URL[] = [];
  server.on('request', (req, res) => {
    void (async () => {
      if (req.url === '/__test/user' && req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        user = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TestIdpUser;
        res.writeHead(204).end();
        return;
      }
      if (req.url?.startsWith('/auth?')) authRequests.push(new URL(req.url, issuer));
      if (req.url?.startsWith('/interaction/')) {
        try {
          const details = await oidc.interactionDetails(req, res);
          if (details.prompt.name === 'login') {
            await oidc.interactionFinished(
              req,
              res,
              { login: { accountId: user.sub } },
              { mergeWithLastSubmission: false },
            );
            return;
          }
          const grant = details.grantId
            ? (await oidc.Grant.find(details.grantId))!
            : new oidc.Grant({ accountId: user.sub, clientId: String(details.params.client_id) });
          const promptDetails = details.prompt.details as {
            missingOIDCScope?: string[];
            missingOIDCClaims?: string[];
          };
          if (promptDetails.missingOIDCScope)
            grant.addOIDCScope(promptDetails.missingOIDCScope.join(' '));
          if (promptDetails.missingOIDCClaims) grant.addOIDCClaims(promptDetails.missingOIDCClaims);
          const grantId = await grant.save();
          await oidc.interactionFinished(
            req,
            res,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
        } catch (e) {
          res.statusCode = 500;
          res.end(String(e));
        }
        return;
      }
      callback(req, res);
    })();
  });
  return {
    issuer,
    port,
    authRequests,
    setUser: (u: TestIdpUser) => {
      user = u;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
