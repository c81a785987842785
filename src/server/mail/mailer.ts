import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the same words), when the message has one. */
  html?: string;
}

export interface Mailer {
  /** Sends now (awaits the SMTP server or the outbox write). */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background, outside the request; failures (composing it included) are logged,
   * never thrown.
   */
  enqueue(message: MailMessage | Promise<MailMessage>): void;
  /** Resolves when every queued message has been handled (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * nodemailer over SMTP_URL. Without SMTP_URL (embedded demo), each message is written to
 * DATA_DIR/outbox/*.txt and the log says where; bodies never reach the log (they hold links).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const outbox = join(config.dataDir, 'outbox');
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    if (transport) {
      await transport.sendMail({ from: config.mailFrom, ...message });
      log.info({ event: 'mail.sent', to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    await mkdir(outbox, { recursive: true });
    const file = join(
      outbox,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.txt`,
    );
    const body = `From: ${config.mailFrom}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
    await writeFile(file, body, { mode: 0o600 });
    log.info(
      { event: 'mail.outbox', to: message.to, subject: message.subject, file },
      'mail written to the outbox (no SMTP_URL set)',
    );
  }

  return {
    send,
    enqueue(message) {
      const p = Promise.resolve(message)
        .then(send)
        .catch((err: unknown) => {
          log.error({ err, event: 'mail.failed' }, 'mail could not be sent');
        });
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    async drain() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
