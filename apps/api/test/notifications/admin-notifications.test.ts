import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotificationKinds, type Notification, type Notifications } from '@portal/contract';
import { depositLifecycle } from '../../src/deposits/lifecycle';
import { postEntry } from '../../src/ledger/post';
import { sql } from '../../src/platform/db/sql';
import { withdrawalLifecycle } from '../../src/withdrawals/lifecycle';
import {
  bearer,
  enableAdminTwoFactor,
  login,
  loginAdmin,
  registerMember,
  useFreshPortal,
  type Session,
} from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { createProduct, redeem } from '../products/product-helpers';
import { createEndpoint } from '../webhooks/webhook-helpers';
import { OUTSIDE, requestWithdrawal, setSettings } from '../withdrawals/withdrawal-helpers';

/**
 * The bell's remaining kinds (migration 0059_admin_notifications.sql, ADR 0065's amendment): the admins' kinds
 * written once to every active admin but the member concerned or the proposer, with the member and the amount and
 * the page where it is decided; a deposit seen told to its member; a muted admin
 * kind not mailed; a webhook endpoint sent each admin event once, not once per admin.
 */
const mediaDir = mkdtempSync(path.join(tmpdir(), 'portal-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const portal = useFreshPortal({ WEBHOOKS_ALLOW_PRIVATE: 'true', MEDIA_DIR: mediaDir });
let admin: Session;
/** A member made admin: both a member (their own money) and an admin told of the others'. */
let insider: Session;

beforeAll(async () => {
  admin = await loginAdmin(portal.app);
  await enableAdminTwoFactor(portal, admin);
  await setSettings(portal.app, admin, { withdrawalAddressHoldHours: '0', withdrawalRequiresTwoFactor: false });
  const member = await registerMember(portal.app, { username: 'bell_insider' });
  const promoted = await portal.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${member.user.id}`,
    headers: bearer(admin),
    payload: { role: 'admin' },
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
  // No two-factor of their own: their withdrawal asks for no code (withdrawalRequiresTwoFactor is off).
  insider = await login(portal.app, member.user.username, member.password);
});

async function bell(who: Session): Promise<Notification[]> {
  const res = await portal.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Notifications>().items;
}

/** The notifications of a kind about one object (`key` in their figures), by account. */
async function toldOf(kind: string, key: string, id: number | string): Promise<number[]> {
  const { rows } = await portal.db.query<{ user_id: string }>(
    sql`SELECT user_id::text FROM notifications WHERE kind = ${kind} AND data ->> ${key} = ${String(id)} ORDER BY user_id`,
  );
  return rows.map((r) => Number(r.user_id));
}

const ofKind = async (who: Session, kind: string) => (await bell(who)).filter((n) => n.kind === kind);

async function withdrawal(who: Session, amount: string): Promise<number> {
  const asked = await requestWithdrawal(portal.app, who, { amount, address: OUTSIDE[0] });
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json<{ id: number }>().id;
}

describe('the admins’ bell', () => {
  it('knows the admins’ kinds in SQL as the contract lists them', async () => {
    const { rows } = await portal.db.query<{ kinds: string[] }>(sql`SELECT notification_admin_kinds() AS kinds`);
    expect(rows[0]!.kinds).toEqual([...adminNotificationKinds]);
  });

  it('tells every admin of a withdrawal waiting, but not the admin whose own withdrawal it is', async () => {
    const member = await registerMember(portal.app, { username: 'bell_withdrawer' });
    await fund(portal.app, admin, member.user.id, 'income', '60');
    const id = await withdrawal(member, '40');
    expect(await toldOf('withdrawal_waiting', 'withdrawalId', id)).toEqual([admin.user.id, insider.user.id]);
    const [told] = (await ofKind(insider, 'withdrawal_waiting')).filter((n) => n.text.includes('bell_withdrawer'));
    expect(told).toMatchObject({
      text: "bell_withdrawer asked to withdraw 40.00 USDT; it waits for an admin's approval.",
      link: '/withdraw-approval',
    });
    expect(await ofKind(member, 'withdrawal_waiting')).toEqual([]);

    await fund(portal.app, admin, insider.user.id, 'income', '30');
    const own = await withdrawal(insider, '20');
    expect(await toldOf('withdrawal_waiting', 'withdrawalId', own)).toEqual([admin.user.id]);
  });

  it('tells no one of a withdrawal approved in the transaction that asked for it (it never waited)', async () => {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '10');
    const id = await portal.db.transaction(async (tx) => {
      const entry = await postEntry(tx, {
        type: 'withdrawal',
        memo: 'Withdrawal approved at once (test)',
        actorId: member.user.id,
        lines: [
          { account: { member: member.user.id, wallet: 'income' }, amount: -5n * 10n ** 18n },
          { account: { system: 'withdrawals_in_flight' }, amount: 5n * 10n ** 18n },
        ],
      });
      const made = await withdrawalLifecycle.request(tx, {
        userId: member.user.id,
        amount: 5n * 10n ** 18n,
        fee: 0n,
        address: OUTSIDE[0]!,
        entryId: entry.id,
        createdAt: new Date(),
      });
      const decided = { decidedBy: null, decidedAt: new Date(), policy: 'automatic' as const, note: 'Automatic' };
      expect(await withdrawalLifecycle.approve(tx, [made], decided)).toBe(1);
      return made;
    });
    expect(await toldOf('withdrawal_waiting', 'withdrawalId', id)).toEqual([]);
    expect(await toldOf('withdrawal_approved', 'withdrawalId', id)).toEqual([member.user.id]);
  });

  it('tells every admin of a failed payout, and the member of their failed withdrawal', async () => {
    const member = await registerMember(portal.app, { username: 'bell_unpaid' });
    await fund(portal.app, admin, member.user.id, 'income', '30');
    const id = await withdrawal(member, '25');
    await portal.db.transaction(async (tx) => {
      const decided = { decidedBy: admin.user.id, decidedAt: new Date(), policy: 'one_admin' as const, note: 'test' };
      expect(await withdrawalLifecycle.approve(tx, [id], decided)).toBe(1);
      expect(await withdrawalLifecycle.fail(tx, id, 'Hot wallet short of funds')).toBe(1);
    });
    expect(await toldOf('payout_failed', 'withdrawalId', id)).toEqual([admin.user.id, insider.user.id]);
    expect(await toldOf('withdrawal_failed', 'withdrawalId', id)).toEqual([member.user.id]);
    const [told] = (await ofKind(admin, 'payout_failed')).filter((n) => n.text.includes('bell_unpaid'));
    expect(told).toMatchObject({
      text: "The payout of bell_unpaid's withdrawal of 25.00 USDT failed: Hot wallet short of funds. Pay it again or refund it.",
      link: '/withdraw-approval',
    });
  });

  it('tells every admin but its member of a redemption waiting', async () => {
    const product = await createProduct(portal.app, admin, { name: 'Bell Tea Set', price: '10', stock: 10 });
    const member = await registerMember(portal.app, { username: 'bell_redeemer' });
    for (const who of [member, insider]) await fund(portal.app, admin, who.user.id, 'points', '100');
    const asked = await redeem(portal.app, member, { productId: product.id, quantity: 2, deliveryAddress: ADDRESS });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json<{ id: number }>().id;
    expect(await toldOf('redemption_waiting', 'redemptionId', id)).toEqual([admin.user.id, insider.user.id]);
    const [told] = (await ofKind(admin, 'redemption_waiting')).filter((n) => n.text.includes('bell_redeemer'));
    expect(told).toMatchObject({
      text: "bell_redeemer redeemed 2 × Bell Tea Set for 20.00 points; it waits for an admin's decision.",
      link: '/redemption-approval',
    });
    const own = await redeem(portal.app, insider, { productId: product.id, quantity: 1, deliveryAddress: ADDRESS });
    expect(own.statusCode, own.body).toBe(201);
    expect(await toldOf('redemption_waiting', 'redemptionId', own.json<{ id: number }>().id)).toEqual([admin.user.id]);
  });

  it('tells the member of a deposit seen, and every admin once it is held', async () => {
    const member = await registerMember(portal.app, { username: 'bell_depositor' });
    const log = {
      txHash: `0x${'ab'.repeat(32)}`,
      logIndex: 0,
      blockNumber: 100n,
      blockHash: `0x${'cd'.repeat(32)}`,
      memberId: member.user.id,
      address: OUTSIDE[1]!,
      from: OUTSIDE[2]!,
      amount: 75n * 10n ** 18n,
    };
    const [seen] = await portal.db.transaction((tx) => depositLifecycle.record(tx, 97, [log], ['seen']));
    // Seen again (the watcher's next pass): not news.
    await portal.db.transaction((tx) => depositLifecycle.record(tx, 97, [log], ['seen']));
    expect(await toldOf('deposit_seen', 'depositId', seen!.id)).toEqual([member.user.id]);
    expect((await ofKind(member, 'deposit_seen'))[0]).toMatchObject({
      text: 'A deposit of 75.00 USDT was seen on the chain; once it has its confirmations it is checked and credited.',
      link: '/deposit-history-member',
    });
    expect(await toldOf('deposit_held', 'depositId', seen!.id)).toEqual([]);

    await portal.db.transaction((tx) => depositLifecycle.hold(tx, [{ id: seen!.id, reason: 'test' }]));
    expect(await toldOf('deposit_held', 'depositId', seen!.id)).toEqual([admin.user.id, insider.user.id]);
    expect((await ofKind(insider, 'deposit_held'))[0]).toMatchObject({
      text: 'A deposit of 75.00 USDT to bell_depositor is held: its sender is on the screening list. Credit or reject it.',
      link: '/deposit-history',
    });
    expect(await ofKind(member, 'deposit_held')).toEqual([]);
  });
});

const ADDRESS = '12 Harbour Road, Unit 4, Singapore 049321';

describe('mails and webhooks of the admins’ kinds', () => {
  it('does not mail an admin a kind they turned off, and mails the others', async () => {
    const off = await portal.app.inject({
      method: 'PUT',
      url: '/api/notifications/mail-preferences',
      headers: bearer(insider),
      payload: { off: ['withdrawal_waiting'], digest: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '20');
    const id = await withdrawal(member, '10');
    const { rows } = await portal.db.query<{ user_id: string }>(
      sql`SELECT m.user_id::text FROM notification_mails m JOIN notifications n ON n.id = m.notification_id
           WHERE n.kind = 'withdrawal_waiting' AND n.data ->> 'withdrawalId' = ${String(id)}`,
    );
    expect(rows.map((r) => Number(r.user_id))).toEqual([admin.user.id]);
  });

  it('sends a webhook endpoint one delivery per admin event, however many admins are told', async () => {
    const created = await createEndpoint(portal, admin, {
      url: 'http://127.0.0.1:9/hooks',
      kinds: ['withdrawal_waiting', 'transfer_received'],
    });
    const endpoint = created.endpoint.id;
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '40');
    const ids = [await withdrawal(member, '10')];
    const second = await registerMember(portal.app);
    await fund(portal.app, admin, second.user.id, 'income', '40');
    ids.push(await withdrawal(second, '15'));
    for (const id of ids) {
      expect(await toldOf('withdrawal_waiting', 'withdrawalId', id)).toHaveLength(2);
      const { rows } = await portal.db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM webhook_deliveries d JOIN notifications n ON n.id = d.notification_id
             WHERE d.endpoint_id = ${endpoint} AND n.data ->> 'withdrawalId' = ${String(id)}`,
      );
      expect(rows[0]!.n).toBe(1);
    }
    await portal.db.query(sql`DELETE FROM webhook_endpoints WHERE id = ${endpoint}`);
  });
});

describe('a loosening change waiting for a second admin', () => {
  it('tells every admin but its proposer, naming the settings, not the summary', async () => {
    const live = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/portal/live',
      headers: bearer(admin),
      payload: {},
    });
    expect(live.statusCode, live.body).toBe(200);
    const res = await portal.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin),
      payload: { autoApproveBelow: '50' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { rows } = await portal.db.query<{ id: string }>(
      sql`SELECT id::text FROM pending_changes WHERE status = 'pending' ORDER BY id DESC LIMIT 1`,
    );
    expect(await toldOf('change_pending', 'changeId', rows[0]!.id)).toEqual([insider.user.id]);
    expect((await ofKind(insider, 'change_pending'))[0]).toMatchObject({
      text: 'admin proposed changing autoApproveBelow; it waits for a second admin to confirm it.',
      link: '/admin/settings',
    });
  });
});
