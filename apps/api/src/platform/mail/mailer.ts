import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { writeOwnerOnly } from '../../shared/owner-only-file';
import { redactSecrets } from './redact';
import { sql } from '../db/sql';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same mail in HTML, sent beside the text (multipart/alternative); the outbox keeps it in a file of its own. */
  html?: string;
  /** More headers (`List-Unsubscribe`). */
  headers?: Record<string, string>;
}

export interface SendOptions {
  /**
   * Wait for the SMTP server to accept the mail, and throw if it does not: a job that records what it sent
   * (apps/api/src/notifications/mail/send-due-mails.ts). Without it, SMTP is not awaited (a request stays fast).
   */
  wait?: boolean;
}

export interface Mailer {
  /** Hands a mail over: to SMTP in the background (or awaited, `wait`), or into the outbox before it returns. */
  send(mail: Mail, options?: SendOptions): Promise<void>;
}

/**
 * With SMTP_URL, mail goes through that server. Without it, the whole mail is
 * written to the file outbox `<DATA_DIR>/outbox/` (owner-only: the operator
 * with shell access forwards it; an HTML part beside it, `000042.html`), and a copy with its secrets redacted (links,
 * tokens) is kept in the `mail_outbox` table, which admins read at
 * /api/admin/outbox: they see what was sent to whom, never a live reset link.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
  /** The file outbox; without it (tests) only the redacted copy is kept. */
  outboxDir?: string;
}): Mailer {
  const { smtpUrl, from, db, log, outboxDir } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail, sendOptions) {
        const sent = transport.sendMail({ from, ...mail });
        if (sendOptions?.wait) {
          await sent;
          return;
        }
        // Not awaited: a slow mail server must not make a request slower
        // (nor tell, by its timing, whether an address has an account).
        sent.catch((error: Error) =>
          log.error({ err: error.message, subject: mail.subject }, 'mail could not be sent'),
        );
      },
    };
  }
  return {
    async send(mail) {
      const { rows } = await db.query<{ id: number }>(
        sql`INSERT INTO mail_outbox (to_address, subject, body) VALUES (${mail.to}, ${mail.subject}, ${redactSecrets(mail.text)}) RETURNING id`,
      );
      const id = rows[0]!.id;
      const file = outboxDir ? path.join(outboxDir, outboxFileName(id)) : undefined;
      if (file) {
        if (mail.html) writeOwnerOnly(file.replace(/\.txt$/, '.html'), mail.html);
        writeOwnerOnly(
          file,
          [
            `To: ${mail.to}`,
            `From: ${from}`,
            `Subject: ${mail.subject}`,
            `Date: ${new Date().toUTCString()}`,
            ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
            '',
            mail.text,
            '',
          ].join('\n'),
        );
      }
      log.info(
        { outboxId: id, subject: mail.subject, file },
        'no SMTP_URL set: mail kept in the file outbox (admins see it redacted at /api/admin/outbox)',
      );
    },
  };
}

/** `000042.txt`: the file outbox sorts by the order mails were sent. */
export const outboxFileName = (id: number) => `${String(id).padStart(6, '0')}.txt`;
