import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { noticeMail } from './notice-mail';
import {
  loadOperationNoticeFacts,
  type NoticeHolder,
  type OperationNoticeFacts,
} from './operation-notice-facts';

export interface NoticeDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'publicUrl' | 'mailFrom' | 'smtpUrl'>;
  log: FastifyBaseLogger;
}

/** A committed operation of an organization. */
export interface OperationRef {
  organizationId: string;
  operationId: string;
}

export interface NoticeOutcome {
  holderId: string;
  email: string;
  status: 'sent' | 'failed';
}

/** The holders who get a notice: those with an e-mail who have not turned notices off. */
const recipients = (facts: OperationNoticeFacts) =>
  facts.holders.filter(
    (h): h is NoticeHolder & { email: string } => !!h.email && h.notices && h.lines.length > 0,
  );

/** Why a send failed, short and without the message's content (the SMTP server's words). */
const failureOf = (err: unknown) => {
  const e = err as { code?: unknown; message?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : 'MAIL_FAILED',
    message: String(e.message ?? err).slice(0, 300),
  };
};

/**
 * Each notice's outcome in the audit trail, under the holder (`notice.sent` or `notice.failed`,
 * the operation in `after`): an administrator sees in the holder's audit entries whether the
 * §151(f) notice went out, and why not.
 */
async function recordOutcome(
  db: Db,
  facts: OperationNoticeFacts,
  holder: NoticeHolder & { email: string },
  outcome: { subject: string; failure?: ReturnType<typeof failureOf> },
): Promise<void> {
  const after = {
    operationId: facts.operationId,
    email: holder.email,
    subject: outcome.subject,
    ...(outcome.failure && { error: outcome.failure }),
  };
  await db.execute(
    sql`insert into audit_entry
          (organization_id, action, entity_type, entity_id, request_id, after)
        values (${facts.organizationId}, ${outcome.failure ? 'notice.failed' : 'notice.sent'},
                'shareholder', ${holder.id}, ${facts.requestId}, ${JSON.stringify(after)}::jsonb)`,
  );
}

async function sendOne(
  deps: NoticeDeps,
  facts: OperationNoticeFacts,
  holder: NoticeHolder & { email: string },
): Promise<NoticeOutcome> {
  const context = { operationId: facts.operationId, holderId: holder.id };
  const mail = noticeMail(facts, holder, deps.config);
  let failure: ReturnType<typeof failureOf> | undefined;
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    failure = failureOf(err);
    deps.log.error({ err, event: 'notice.failed', ...context }, 'operation notice not sent');
  }
  await recordOutcome(deps.db, facts, holder, { subject: mail.subject, failure }).catch(
    (err: unknown) =>
      deps.log.error(
        { err, event: 'notice.unrecorded', ...context },
        'notice outcome not recorded',
      ),
  );
  return { holderId: holder.id, email: holder.email, status: failure ? 'failed' : 'sent' };
}

/**
 * The notices of one committed operation (issue 25, DGCL §151(f)): to each holder involved who
 * has an e-mail and has not turned them off, what changed for them and the link to their
 * statement. Read after the commit in one statement; each outcome is logged and recorded in the
 * audit trail. Never throws: a notice never undoes or fails a posting. Without SMTP_URL nothing
 * is sent (decision 123).
 */
export async function sendOperationNotices(
  deps: NoticeDeps,
  ref: OperationRef,
): Promise<NoticeOutcome[]> {
  if (!deps.config.smtpUrl) return [];
  try {
    const facts = await loadOperationNoticeFacts(deps.db, ref);
    if (!facts) return [];
    return await Promise.all(recipients(facts).map((h) => sendOne(deps, facts, h)));
  } catch (err) {
    deps.log.error({ err, event: 'notice.failed', ...ref }, 'operation notices not sent');
    return [];
  }
}

/** Notices sent in the background of the request that posted the operation. */
export interface OperationNotices {
  /**
   * Starts the operation's notices once the current request has been answered; returns at once
   * and never throws. Call it only after the operation committed, and not for a replayed answer.
   */
  send(ref: OperationRef): void;
  /** Resolves when every notice started so far has been handled (tests, shutdown). */
  drain(): Promise<void>;
}

export function createOperationNotices(deps: NoticeDeps): OperationNotices {
  const pending = new Set<Promise<unknown>>();
  return {
    send(ref) {
      // After the reply: the response is written in this turn of the event loop, the notices next.
      const p = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
        sendOperationNotices(deps, ref),
      );
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    async drain() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
