import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Hands a mail over: to SMTP in the background, or into the outbox before it returns. */
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, mail goes through that server. Without it, mail is kept in
 * the `mail_outbox` table, which admins read at /api/admin/outbox, so the
 * password flows work on one machine with nothing else installed.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Database; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        // Not awaited: a slow mail server must not make a request slower
        // (nor tell, by its timing, whether an address has an account).
        transport
          .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
          .catch((error: Error) => log.error({ err: error.message, subject: mail.subject }, 'mail could not be sent'));
      },
    };
  }
  return {
    async send(mail) {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO mail_outbox (to_address, subject, body) VALUES ($1, $2, $3) RETURNING id',
        [mail.to, mail.subject, mail.text],
      );
      log.info(
        { outboxId: rows[0]!.id, subject: mail.subject },
        'no SMTP_URL set: mail kept in the outbox; admins read it at /api/admin/outbox',
      );
    },
  };
}
