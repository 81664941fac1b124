import { describe, expect, it } from 'vitest';
import type { Notifications } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { bearer, registerMember, usePortal, type Session } from '../harness';
import { fund, transfer } from '../ledger/ledger-helpers';
import { OUTSIDE, requestWithdrawal, setSettings } from '../withdrawals/withdrawal-helpers';

const { portal, admin } = usePortal();

async function bell(who: Session): Promise<Notifications> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Notifications>();
}

async function markRead(who: Session, payload: object): Promise<number> {
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: bearer(who),
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ unread: number }>().unread;
}

/**
 * Reads a stream of server-sent events: each call answers what came until a `notification` event or until `ms`
 * ran out. A read still waiting when time runs out is kept for the next call, so no chunk is lost.
 */
function eventsOf(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const decoder = new TextDecoder();
  let pending: ReturnType<typeof reader.read> | null = null;
  return async (ms: number): Promise<string> => {
    let text = '';
    const deadline = Date.now() + ms;
    while (Date.now() < deadline && !text.includes('event: notification')) {
      pending ??= reader.read();
      const chunk = await Promise.race([
        pending,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk) break;
      pending = null;
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    return text;
  };
}

describe('the bell', () => {
  it('tells the receiver of a transfer, the sponsor of a new referral, and the owner of a security change', async () => {
    const sponsor = await registerMember(portal.app, { username: 'bell_sponsor' });
    const friend = await registerMember(portal.app, { username: 'bell_friend', sponsor: 'bell_sponsor' });
    await fund(portal.app, admin, friend.user.id, 'deposit', '100');
    expect((await transfer(portal.app, friend, { toUsername: 'bell_sponsor', amount: '25' })).statusCode).toBe(201);
    const changed = await portal.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: bearer(sponsor),
      payload: { currentPassword: sponsor.password, newPassword: 'Another-Horse-Battery-10' },
    });
    expect(changed.statusCode, changed.body).toBe(204);

    const { unread, items } = await bell(sponsor);
    expect(unread).toBe(3);
    expect(items.map((n) => [n.kind, n.link])).toEqual([
      ['password_changed', '/account-settings?tab=security'],
      ['transfer_received', '/transfer-Receiver-history'],
      ['direct_referral', '/sponsor-tree'],
    ]);
    expect(items[1]!.text).toMatch(/^bell_friend sent you \d+(\.\d+)? USDT; it is in your deposit wallet\.$/);
    expect(items[2]!.text).toBe('bell_friend joined as your direct referral.');
    // The sender is told nothing of their own transfer, and a refused one tells no one.
    expect((await bell(friend)).items).toEqual([]);
    expect((await transfer(portal.app, friend, { toUsername: 'bell_sponsor', amount: '5000' })).statusCode).toBe(422);
    expect((await bell(sponsor)).unread).toBe(3);
  });

  it('tells a member their withdrawal was rejected, with the reason, in the transaction that rejects it', async () => {
    await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '60');
    const asked = await requestWithdrawal(portal.app, member, { amount: '40', address: OUTSIDE[0] });
    expect(asked.statusCode, asked.body).toBe(201);
    const rejected = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${asked.json<{ id: number }>().id}/reject`,
      headers: bearer(admin),
      payload: { reason: 'Address not verified' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [latest] = (await bell(member)).items;
    expect(latest).toMatchObject({
      kind: 'withdrawal_rejected',
      text: 'Your withdrawal of 40.00 USDT was rejected: Address not verified. The amount is back in your income wallet.',
      link: '/withdraw-history',
      readAt: null,
    });
  });

  it('marks one or all read, only the account’s own', async () => {
    const sponsor = await registerMember(portal.app, { username: 'bell_reader' });
    for (const name of ['bell_r1', 'bell_r2', 'bell_r3'])
      await registerMember(portal.app, { username: name, sponsor: 'bell_reader' });
    const { items } = await bell(sponsor);
    const adminUnread = (await bell(admin)).unread; // their own two-factor, turned on
    expect(await markRead(admin, { ids: [items[0]!.id] })).toBe(adminUnread); // someone else's: nothing changes
    expect((await bell(sponsor)).unread).toBe(3);
    expect(await markRead(sponsor, { ids: [items[0]!.id] })).toBe(2);
    expect((await bell(sponsor)).items[0]!.readAt).not.toBeNull();
    expect(await markRead(sponsor, {})).toBe(0);
    const bad = await portal.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: bearer(sponsor),
      payload: { ids: ['x'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('streams each new notification of the account as it is written, and only its own', async () => {
    const listener = await registerMember(portal.app, { username: 'bell_live' });
    const other = await registerMember(portal.app, { username: 'bell_other' });
    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/notifications/stream`, {
      headers: bearer(listener),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const nextEvent = eventsOf(res.body!.getReader());
    expect(await nextEvent(300)).toContain('retry:');
    await registerMember(portal.app, { sponsor: 'bell_other' }); // someone else's news
    expect(await nextEvent(1_500)).not.toContain('event: notification');
    const started = Date.now();
    await registerMember(portal.app, { sponsor: 'bell_live' });
    const event = await nextEvent(5_000);
    expect(event).toContain('event: notification');
    expect(Date.now() - started).toBeLessThan(5_000);
    const { rows } = await portal.db.query<{ id: string }>(
      sql`SELECT max(id)::text AS id FROM notifications WHERE user_id = ${listener.user.id}`,
    );
    expect(event).toContain(`data: {"id":${rows[0]!.id}}`);
    expect((await bell(other)).unread).toBe(1);
    controller.abort();
  });

  it('refuses the stream without a sign-in', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/notifications/stream' });
    expect(res.statusCode).toBe(401);
  });
});
