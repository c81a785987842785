import { startTestIdp, TEST_CLIENT } from './test-idp';
import { startSmtpCatcher } from './smtp-catcher';
import { authClient } from './auth-client';
import { filledBeforeAll } from './filled-before-all';
import { recordSecrets } from './suite-server-log';
import { testConfig, type TestApp } from './test-app';
import { useTestServer } from './use-test-server';

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
export type TestIdp = Awaited<ReturnType<typeof startTestIdp>>;

/** A local SMTP server keeping every mail, for the tests around the call (closed after them). */
export const useSmtpCatcher = (): SmtpCatcher =>
  useTestServer(() =>
    // The tokens mailed (reset links) are secrets the log must not hold (suite-server-log.ts).
    startSmtpCatcher(0, (mail) =>
      recordSecrets(...[...mail.text.matchAll(/token=([\w-]{16,})/g)].map((m) => m[1])),
    ),
  );

/**
 * A local OpenID provider standing in for Google, which sends users back to the test app's
 * callback, for the tests around the call (closed after them).
 */
export const useTestIdp = (): TestIdp =>
  useTestServer(() =>
    startTestIdp({ redirectUris: [`${testConfig().publicUrl}/api/auth/callback/google`] }),
  );

/** The settings that make the app sign in with Google through `idp`. */
export const googleEnv = (idp: TestIdp) => ({
  GOOGLE_CLIENT_ID: TEST_CLIENT.id,
  GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
  GOOGLE_ISSUER: idp.issuer,
});

/** The sign-in API's client (authClient) of `t`, made once `t` is. */
export const useAuthClient = (t: TestApp): ReturnType<typeof authClient> =>
  filledBeforeAll(() => authClient(t));
