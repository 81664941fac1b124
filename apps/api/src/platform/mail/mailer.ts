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

export interface Mailer {
  /** Hands a mail over: to SMTP in the background (a request stays fast), or into the outbox before it returns. */
  send(mail: Mail): Promise<void>;
  /**
   * Hands mails over and waits for each, for a job that records what it sent
   * (apps/api/src/notifications/mail/send-due-mails.ts): through SMTP side by side, or into the outbox in one
   * statement. Answers, in order, each mail's error, or undefined for a mail that went.
   */
  sendAll(mails: Mail[]): Promise<Array<Error | undefined>>;
}

/** Mails handed to SMTP side by side by `sendAll`. */
const SMTP_AT_ONCE = 10;

const asError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));

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
      async send(mail) {
        // Not awaited: a slow mail server must not make a request slower
        // (nor tell, by its timing, whether an address has an account).
        transport
          .sendMail({ from, ...mail })
          .catch((error: Error) => log.error({ err: error.message, subject: mail.subject }, 'mail could not be sent'));
      },
      async sendAll(mails) {
        const errors: Array<Error | undefined> = [];
        // A few at a time: a mail server refuses a client that opens a connection per mail of a large batch.
        for (let at = 0; at < mails.length; at += SMTP_AT_ONCE) {
          const group = mails.slice(at, at + SMTP_AT_ONCE);
          const sent = await Promise.allSettled(group.map((mail) => transport.sendMail({ from, ...mail })));
          errors.push(...sent.map((result) => (result.status === 'fulfilled' ? undefined : asError(result.reason))));
        }
        return errors;
      },
    };
  }
  /** Each mail in the outbox table (one statement for all) and, with a folder, in its files; answers their ids. */
  async function keep(mails: Mail[]): Promise<number[]> {
    // Ids come from the table's sequence in the order of the rows inserted: ordered, they follow `mails`.
    const { rows } = await db.query<{ id: number }>(
      sql`INSERT INTO mail_outbox (to_address, subject, body)
          SELECT to_address, subject, body
            FROM unnest(${mails.map((m) => m.to)}::text[], ${mails.map((m) => m.subject)}::text[],
                        ${mails.map((m) => redactSecrets(m.text))}::text[]) WITH ORDINALITY AS m(to_address, subject, body, n)
           ORDER BY n
          RETURNING id`,
    );
    const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    if (outboxDir)
      mails.forEach((mail, i) => writeOutboxFiles(path.join(outboxDir, outboxFileName(ids[i]!)), from, mail));
    log.info(
      { outboxIds: ids, subjects: [...new Set(mails.map((m) => m.subject))], folder: outboxDir },
      'no SMTP_URL set: mail kept in the file outbox (admins see it redacted at /api/admin/outbox)',
    );
    return ids;
  }
  return {
    async send(mail) {
      await keep([mail]);
    },
    async sendAll(mails) {
      if (mails.length === 0) return [];
      try {
        await keep(mails);
        return mails.map(() => undefined);
      } catch (error) {
        return mails.map(() => asError(error));
      }
    },
  };
}

/** The whole mail as its recipient would get it (headers, then the text), and its HTML part beside it. */
function writeOutboxFiles(file: string, from: string, mail: Mail): void {
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

/** `000042.txt`: the file outbox sorts by the order mails were sent. */
export const outboxFileName = (id: number) => `${String(id).padStart(6, '0')}.txt`;
