import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authMessages, type SetPasswordBody } from '../../contract/auth';
import { logAuthEvent } from './auth-events';
import { hashPassword, verifyPassword } from './auth';
import { passwordProblem } from './password-policy';
import { matchHolder } from './holder-match';
import { bindLoginToCompany } from './login-company';
import { authAccount, authUser } from '../db/schema';
import { insertUser, setCredentialPassword } from './auth-records';
import { AppError } from '../http/app-error';
import { accountMail } from '../mail/account-mail';
import type { Principal } from '../plugins/access-control';
import { ownOriginUrl, type AuthFeatureDeps } from './auth-deps';
import { revokeAllTokensOfUser } from './revoke-user-tokens';

const noSuchHolder = () =>
  new AppError({ code: 'AUTH.HOLDER_NOT_FOUND', message: authMessages.noSuchHolder });

const credentialOf = async (deps: AuthFeatureDeps, userId: string) => {
  const [row] = await deps.db
    .select({ id: authAccount.id, password: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')));
  return row;
};

const hasAnyLogin = async (deps: AuthFeatureDeps, userId: string): Promise<boolean> => {
  const [row] = await deps.db
    .select({ id: authAccount.id })
    .from(authAccount)
    .where(eq(authAccount.userId, userId))
    .limit(1);
  return row !== undefined;
};

/**
 * POST /auth/set-password. A user sets their own password (the current one is required when
 * they have one; their other sessions end). An administrator gives a holder of their organization
 * who has no login of any kind yet (no password, no Google) an initial password and, with
 * sendEmail, an invitation. Nobody may set anyone else's password in any other case. A
 * confirmation mail follows every change; it never holds the password.
 */
export async function setPassword(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  principal: Principal,
  input: SetPasswordBody,
): Promise<void> {
  const forSelf =
    (input.userId === undefined && input.email === undefined) ||
    input.userId === principal.userId ||
    (input.email !== undefined &&
      input.email.trim().toLowerCase() === principal.email.toLowerCase());
  const problem = passwordProblem(input.newPassword);
  if (problem)
    throw new AppError({ code: 'VALIDATION.PASSWORD', message: problem, field: 'newPassword' });
  return forSelf
    ? changeOwnPassword(deps, request, principal, input)
    : setInitialPassword(deps, request, principal, input);
}

async function changeOwnPassword(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  principal: Principal,
  input: SetPasswordBody,
): Promise<void> {
  const credential = await credentialOf(deps, principal.userId);
  const hash = await hashPassword(input.newPassword);
  if (credential?.password) {
    if (!input.currentPassword)
      throw new AppError({
        code: 'AUTH.CURRENT_PASSWORD_REQUIRED',
        message: authMessages.currentPasswordRequired,
        field: 'currentPassword',
      });
    if (!(await verifyPassword({ hash: credential.password, password: input.currentPassword }))) {
      logAuthEvent(
        request,
        'auth.password.change_refused',
        { userId: principal.userId, reason: 'wrong_current' },
        'warn',
      );
      throw new AppError({
        code: 'AUTH.CURRENT_PASSWORD_WRONG',
        message: authMessages.currentPasswordWrong,
        field: 'currentPassword',
      });
    }
  }
  await setCredentialPassword(deps.db, principal.userId, hash);
  if (input.revokeOtherSessions !== false)
    await revokeAllTokensOfUser(deps.db, principal.userId, principal.sessionId);
  deps.mailer.enqueue(accountMail(deps, principal.email, { kind: 'password-changed' }));
  logAuthEvent(request, 'auth.password.changed', { userId: principal.userId });
}

async function setInitialPassword(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  principal: Principal,
  input: SetPasswordBody,
): Promise<void> {
  if (principal.role !== 'administrator') refuseSet(request, principal, 'not_allowed');
  const { email, holder } = await targetHolder(deps, principal, input);

  const [existing] = await deps.db
    .select()
    .from(authUser)
    .where(sql`lower(${authUser.email}) = ${email}`);
  // "Initial" means no login of any kind: a holder who signs in with Google already has one, and
  // only they may add a password (RST-09).
  // A login of another company is not this administrator's, nor theirs to know of (issue 23).
  if (existing?.organizationId && existing.organizationId !== principal.organizationId)
    throw noSuchHolder();
  if (existing && (await hasAnyLogin(deps, existing.id)))
    refuseSet(request, principal, 'has_login');
  const userId = existing?.id ?? (await insertUser(deps.db, { email, name: holder.name ?? email }));
  await bindLoginToCompany(deps.db, userId, principal.organizationId!);
  await setCredentialPassword(deps.db, userId, await hashPassword(input.newPassword));
  deps.mailer.enqueue(initialPasswordMail(deps, email, input));
  logAuthEvent(request, 'auth.password.initial_set', {
    userId: principal.userId,
    targetUserId: userId,
    invited: Boolean(input.sendEmail),
  });
}

/** The holder an administrator names (by e-mail or login id), in their own organization. */
async function targetHolder(deps: AuthFeatureDeps, principal: Principal, input: SetPasswordBody) {
  let email = input.email?.trim().toLowerCase();
  if (!email && input.userId) {
    const [u] = await deps.db
      .select({ email: authUser.email })
      .from(authUser)
      .where(eq(authUser.id, input.userId));
    email = u?.email;
  }
  const company = principal.organizationId;
  const holder = email && company ? await matchHolder(deps.db, email, company) : null;
  if (!email || !holder?.holderId) throw noSuchHolder();
  return { email, holder };
}

/** The invitation (sendEmail) or the notice that a password was set; never the password. */
function initialPasswordMail(deps: AuthFeatureDeps, email: string, input: SetPasswordBody) {
  const loginUrl = ownOriginUrl(deps.config, input.loginUrl, `${deps.config.publicUrl}/login`);
  return accountMail(
    deps,
    email,
    input.sendEmail ? { kind: 'login-created', loginUrl } : { kind: 'initial-password-set' },
  );
}

/** Why an initial password may not be set, and the answer each reason gets. */
const setRefusals = {
  not_allowed: () =>
    new AppError({ code: 'AUTH.FORBIDDEN', message: authMessages.mayNotSetPassword }),
  has_login: () =>
    new AppError({ code: 'AUTH.ALREADY_HAS_LOGIN', message: authMessages.alreadyHasLogin }),
};

/** Logs the refused set with its reason, then throws that reason's answer. */
function refuseSet(
  request: FastifyRequest,
  principal: Principal,
  reason: keyof typeof setRefusals,
): never {
  logAuthEvent(request, 'auth.password.set_refused', { userId: principal.userId, reason }, 'warn');
  throw setRefusals[reason]();
}
