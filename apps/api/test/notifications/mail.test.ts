import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionalMailKinds, securityChangeKinds, type MailPreferences } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { sendDigests } from '../../src/notifications/mail/send-digests';
import { sendDueMails } from '../../src/notifications/mail/send-due-mails';
import {
  bearer,
  enableAdminTwoFactor,
  errorOf,
  loginAdmin,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { fund, transfer } from '../ledger/ledger-helpers';

/**
 * The notifications by mail (docs/decisions/0068-notification-mails.md), through a real SMTP server this test
 * starts: each mail from the outbox row of its event, in text and HTML, a subject without figures, an unsubscribe
 * link per kind that works without a sign-in; security kinds always; the digest once per member and day; sent once
 * when passes run side by side.
 */

interface Received {
  to: string;
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let portal: TestPortal;
let admin: Session;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo)
          received.push({ to: rcpt.address, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  portal = await startPortal({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  admin = await loginAdmin(portal.app);
  await enableAdminTwoFactor(portal, admin);
});

afterAll(async () => {
  await portal?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A quoted-printable or base64 part as text. */
function decode(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  return decodeURIComponent(
    body
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/gi, '%$1'),
  );
}

/** A received mail read back: its headers, and its text and HTML parts. */
function read(mail: Received) {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(headers)?.[1];
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = (boundary ? mail.raw.slice(split).split(`--${boundary}`).slice(1, -1) : []).map((part) => {
    const end = part.indexOf('\r\n\r\n');
    const head = part.slice(0, end);
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase() ?? '7bit';
    return {
      type: /content-type:\s*([\w/]+)/i.exec(head)?.[1]?.toLowerCase(),
      body: decode(part.slice(end + 4).trim(), encoding),
    };
  });
  return {
    subject: header('Subject') ?? '',
    listUnsubscribe: header('List-Unsubscribe'),
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
  };
}

const mailsTo = (who: Session) => received.filter((mail) => mail.to === `${who.user.username}@example.com`).map(read);

/** Passes of the mail job until nothing is left. */
async function runMailJob(): Promise<void> {
  while (await sendDueMails(portal.ctx));
}

async function setPreferences(who: Session, preferences: MailPreferences) {
  return portal.app.inject({
    method: 'PUT',
    url: '/api/notifications/mail-preferences',
    headers: bearer(who),
    payload: preferences,
  });
}

const unsubscribe = (token: string) =>
  portal.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token } });

describe('notifications by mail, one each', () => {
  it('mails a transfer received in text and HTML, its subject without figures, with an unsubscribe link that works', async () => {
    const receiver = await registerMember(portal.app, { username: 'mail_receiver' });
    const sender = await registerMember(portal.app, { username: 'mail_sender', sponsor: 'mail_receiver' });
    await fund(portal.app, admin, sender.user.id, 'deposit', '100');
    expect((await transfer(portal.app, sender, { toUsername: 'mail_receiver', amount: '25' })).statusCode).toBe(201);
    // Refused: nothing happened, nothing is mailed.
    expect((await transfer(portal.app, sender, { toUsername: 'mail_receiver', amount: '5000' })).statusCode).toBe(422);
    await runMailJob();

    const mails = mailsTo(receiver);
    expect(mails.map((m) => m.subject).sort()).toEqual(['New direct referral', 'Transfer received']);
    const mail = mails.find((m) => m.subject === 'Transfer received')!;
    expect(mail.subject).not.toMatch(/\d|USDT|@|0x/);
    expect(mail.text).toMatch(/mail_sender sent you \d+(\.\d+)? USDT; it is in your deposit wallet\./);
    expect(mail.text).toContain('http://portal.test/transfer-Receiver-history');
    expect(mail.html).toMatch(/<p>mail_sender sent you \d+(\.\d+)? USDT; it is in your deposit wallet\.<\/p>/);
    const link = /http:\/\/portal\.test\/mail-unsubscribe\?token=([\w.%-]+)/.exec(mail.text)!;
    expect(mail.html).toContain(`href="${link[0]}"`);
    expect(mail.listUnsubscribe?.replace(/\s+/g, '')).toBe(`<${link[0]}>`);
    const token = decodeURIComponent(link[1]!);

    // An altered token is refused; the real one turns the kind off, without a sign-in, and again changes nothing.
    const forged = await unsubscribe(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).code).toBe('UNSUBSCRIBE_LINK_INVALID');
    for (let i = 0; i < 2; i += 1) {
      const done = await unsubscribe(token);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ kind: 'transfer_received' });
    }
    const prefs = await portal.app.inject({
      method: 'GET',
      url: '/api/notifications/mail-preferences',
      headers: bearer(receiver),
    });
    expect(prefs.json()).toEqual({ off: ['transfer_received'], digest: false });

    expect((await transfer(portal.app, sender, { toUsername: 'mail_receiver', amount: '10' })).statusCode).toBe(201);
    await runMailJob();
    expect(mailsTo(receiver)).toHaveLength(2);
    const { rows } = await portal.db.query<{ mails: number }>(
      sql`SELECT count(*)::int AS mails FROM notification_mails WHERE user_id = ${receiver.user.id}`,
    );
    expect(rows[0]!.mails).toBe(2);
  });

  it('always mails a security change at once, which cannot be turned off, and respects the kinds turned off', async () => {
    const member = await registerMember(portal.app, { username: 'mail_careful' });
    const refused = await setPreferences(member, { off: ['password_changed'] as never, digest: false });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('VALIDATION_ERROR');
    // The database's list is the contract's.
    const { rows } = await portal.db.query<{ kinds: string[] }>(sql`SELECT notification_security_kinds() AS kinds`);
    expect(rows[0]!.kinds).toEqual([...securityChangeKinds]);
    // Every other kind off, and the digest: a security change still comes at once.
    const saved = await setPreferences(member, { off: [...optionalMailKinds], digest: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MailPreferences>().off).toHaveLength(optionalMailKinds.length);
    expect(securityChangeKinds.some((kind) => (saved.json<MailPreferences>().off as string[]).includes(kind))).toBe(
      false,
    );

    await registerMember(portal.app, { sponsor: 'mail_careful' }); // a direct referral: turned off
    const changed = await portal.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(member),
      payload: { currentPassword: member.password, newPassword: 'Another-Horse-Battery-10' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await runMailJob();

    const mails = mailsTo(member);
    expect(mails.map((m) => m.subject)).toEqual(['Password changed']);
    expect(mails[0]!.listUnsubscribe).toBeUndefined();
    expect(mails[0]!.text).not.toContain('mail-unsubscribe');
    expect(mails[0]!.text).toContain('always sent');
    expect(mails[0]!.html).toContain('Your password was changed.');
  });

  it('sends each mail once when passes run side by side', async () => {
    const sponsor = await registerMember(portal.app, { username: 'mail_busy' });
    // Written as the triggers write them: more than two passes' batches.
    await portal.db.query(
      sql`INSERT INTO notifications (user_id, kind, data)
          SELECT ${sponsor.user.id}::bigint, 'direct_referral', jsonb_build_object('username', 'friend' || g)
            FROM generate_series(1, 45) g`,
    );
    await Promise.all([sendDueMails(portal.ctx), sendDueMails(portal.ctx), sendDueMails(portal.ctx)]);
    await Promise.all([runMailJob(), runMailJob()]);
    const mails = mailsTo(sponsor);
    expect(mails).toHaveLength(45);
    expect(new Set(mails.map((m) => /friend\d+/.exec(m.text)?.[0])).size).toBe(45);
    const { rows } = await portal.db.query<{ status: string; attempts: number; mails: number }>(
      sql`SELECT status, attempts, count(*)::int AS mails FROM notification_mails
           WHERE user_id = ${sponsor.user.id} GROUP BY status, attempts`,
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 1, mails: 45 }]);
  });
});

// Last: it moves the portal's clock a day on.
describe('the daily digest', () => {
  it('sends a member who chose the digest one mail for the day, once, however often the job runs', async () => {
    const member = await registerMember(portal.app, { username: 'mail_daily' });
    expect((await setPreferences(member, { off: ['rank_reached'], digest: true })).statusCode).toBe(200);
    const friend = await registerMember(portal.app, { username: 'mail_daily_friend', sponsor: 'mail_daily' });
    await registerMember(portal.app, { sponsor: 'mail_daily' });
    await fund(portal.app, admin, friend.user.id, 'deposit', '50');
    expect((await transfer(portal.app, friend, { toUsername: 'mail_daily', amount: '20' })).statusCode).toBe(201);
    await runMailJob();
    expect(mailsTo(member)).toEqual([]);

    const day = portal.clock.now.toISOString().slice(0, 10);
    await Promise.all([sendDigests(portal.ctx), sendDigests(portal.ctx)]);
    expect(mailsTo(member)).toEqual([]); // the day is not over
    portal.clock.advance(25 * 3600_000);
    await Promise.all([sendDigests(portal.ctx), sendDigests(portal.ctx)]);
    await sendDigests(portal.ctx);

    const mails = mailsTo(member);
    expect(mails).toHaveLength(1);
    const digest = mails[0]!;
    expect(digest.subject).toBe(`Your notifications of ${day}`);
    expect(digest.text).toContain('you had 3 notifications');
    expect(digest.text).toMatch(/mail_daily_friend joined as your direct referral\./);
    expect(digest.text).toMatch(/mail_daily_friend sent you \d+(\.\d+)? USDT/);
    expect(digest.html).toContain('<li>');
    expect(digest.text).toContain('Stop mails about “New direct referral”');
    expect(digest.text).toContain('Stop mails about “Transfer received”');
    const { rows } = await portal.db.query<{ status: string }>(
      sql`SELECT status FROM notification_digests WHERE user_id = ${member.user.id}`,
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });
});
