import { describe, expect, it } from 'vitest';
import { adminCode, bearer, errorOf, login, registerMember, type Session, type TestPortal } from '../harness';
import { assertBooksConsistent, balances, fund } from '../ledger/ledger-helpers';
import { enableTwoFactor, freshCode } from '../two-factor/two-factor-helpers';
import { approve, freshAddress, payAll, pendingWithdrawal, usePayoutChain, withdrawal } from './payout-helpers';
import { requestWithdrawal, setSettings } from './withdrawal-helpers';
import { sql } from '../../src/platform/db/sql';
import { invitedAdmin } from '../admin-users/invite-helpers';

/**
 * No admin acts on their own money (docs/decisions/0050-no-admin-acts-on-their-own-money.md):
 * a member promoted to admin neither approves, rejects, retries nor refunds a
 * withdrawal of theirs, nor counts as one of its two admins, nor adjusts their
 * own wallets; the tables refuse it too, whatever path writes.
 */

/** A member with income, promoted to admin, with two-factor on (the `adminsRequireTwoFactor` setting asks it of approvers). */
async function promotedMember(portal: TestPortal, admin: Session): Promise<Session & { secret: string }> {
  const member = await registerMember(portal.app);
  await fund(portal.app, admin, member.user.id, 'income', '2000');
  const promoted = await portal.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${member.user.id}`,
    headers: bearer(admin),
    payload: { role: 'admin' },
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
  const session = await login(portal.app, member.user.username, member.password);
  const { secret } = await enableTwoFactor(portal, session);
  return { ...session, secret };
}

/** The promoted member asks to withdraw (with a code: their two-factor is on). */
const ask = (portal: TestPortal, insider: Session & { secret: string }, amount: string, address = freshAddress()) =>
  requestWithdrawal(portal.app, insider, { amount, address, totpCode: freshCode(portal, insider.secret) });

async function secondAdmin(portal: TestPortal, admin: Session): Promise<Session> {
  const session = await invitedAdmin(portal, admin, 'other-admin');
  await enableTwoFactor(portal, session);
  return session;
}

const post = (portal: TestPortal, who: Session, url: string, payload?: object) =>
  portal.app.inject({ method: 'POST', url, headers: bearer(who), ...(payload === undefined ? {} : { payload }) });

/** What shows that nothing moved: the withdrawal's status and approvals, its payouts, the owner's income. */
async function standing(portal: TestPortal, admin: Session, owner: Session, id: number) {
  const w = await withdrawal(portal, admin, id);
  const { rows } = await portal.db.query(sql`SELECT id FROM payouts WHERE withdrawal_id = ${id}`);
  return {
    status: w.status,
    approvals: w.approvals,
    payouts: rows.length,
    income: (await balances(portal.app, owner)).income,
  };
}

describe('separation of duties: no admin acts on their own money', () => {
  const setup = usePayoutChain();
  promotedMemberTests(setup);
  ownWalletTests(setup);
});

function promotedMemberTests(setup: ReturnType<typeof usePayoutChain>) {
  it('a promoted member cannot approve, reject or give the second approval to their own withdrawal; another admin can', async () => {
    const { portal, admin } = setup;
    const insider = await promotedMember(portal, admin);
    const to = freshAddress();
    const asked = await ask(portal, insider, '40', to);
    expect(asked.statusCode, asked.body).toBe(201);
    const own = asked.json().id as number;
    const before = await standing(portal, admin, insider, own);
    expect(before).toMatchObject({ status: 'pending', approvals: [], payouts: 0, income: '1960.00' });

    const single = await post(portal, insider, `/api/admin/withdrawals/${own}/approve`, {});
    expect(single.statusCode, single.body).toBe(403);
    expect(errorOf(single)).toEqual({
      code: 'OWN_MONEY',
      message: `Withdrawal #${own} is your own: another admin must decide on it.`,
    });
    const rejected = await post(portal, insider, `/api/admin/withdrawals/${own}/reject`, { reason: 'changed my mind' });
    expect(rejected.statusCode, rejected.body).toBe(403);
    expect(errorOf(rejected).code).toBe('OWN_MONEY');

    // A bulk approval skips it with why, and approves the others.
    const others = await pendingWithdrawal(portal, admin, freshAddress(), '20');
    const bulk = await approve(portal, insider, [own, others.id]);
    expect(bulk.done).toEqual([others.id]);
    expect(bulk.skipped).toEqual([
      { id: own, message: `Withdrawal #${own} is your own: another admin must decide on it.` },
    ]);
    const bulkReject = await post(portal, insider, '/api/admin/withdrawals/reject', { ids: [own], reason: 'not mine' });
    expect(bulkReject.json()).toEqual({
      done: [],
      skipped: [{ id: own, message: `Withdrawal #${own} is your own: another admin must decide on it.` }],
    });
    expect(await standing(portal, admin, insider, own)).toEqual(before);

    // Above the second-approval threshold the owner does not count as the second admin either.
    await setSettings(portal.app, admin, { secondApprovalThreshold: '30' });
    const first = await post(portal, admin, `/api/admin/withdrawals/${own}/approve`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', approvals: [{ by: { username: 'admin' } }] });
    const second = await post(portal, insider, `/api/admin/withdrawals/${own}/approve`, {});
    expect(second.statusCode, second.body).toBe(403);
    expect(errorOf(second).code).toBe('OWN_MONEY');
    const stillOne = await standing(portal, admin, insider, own);
    expect(stillOne).toMatchObject({ status: 'pending', payouts: 0, income: '1960.00' });
    expect(stillOne.approvals).toHaveLength(1);

    // A legitimate second admin succeeds, and the money goes out.
    const other = await secondAdmin(portal, admin);
    const done = await post(portal, other, `/api/admin/withdrawals/${own}/approve`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'approved',
      approvals: [{ by: { username: 'admin' } }, { by: { username: 'other-admin' } }],
    });
    await payAll(portal, setup.chain);
    expect((await withdrawal(portal, admin, own)).status).toBe('paid');
    expect(await setup.chain.balanceOf(to)).toBe(38_000_000_000_000_000_000n);
    await setSettings(portal.app, admin, { secondApprovalThreshold: '5000' });

    // Nor does the owner retry or refund a failed payout of theirs (the hot wallet cannot cover this one).
    const left = await setup.chain.balanceOf(setup.hot);
    const big = (left / 10n ** 18n + 100n).toString();
    await fund(portal.app, admin, insider.user.id, 'income', big);
    const large = await ask(portal, insider, big);
    expect(large.statusCode, large.body).toBe(201);
    const failing = large.json().id as number;
    const approved = await post(portal, admin, '/api/admin/withdrawals/approve', {
      ids: [failing],
      totpCode: adminCode(portal),
    });
    expect(approved.json().done, approved.body).toEqual([failing]);
    await payAll(portal, setup.chain);
    expect((await withdrawal(portal, admin, failing)).status).toBe('failed');
    const failedBefore = await standing(portal, admin, insider, failing);
    for (const action of ['retry', 'refund']) {
      const res = await post(portal, insider, `/api/admin/withdrawals/${failing}/${action}`);
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('OWN_MONEY');
    }
    expect(await standing(portal, admin, insider, failing)).toEqual(failedBefore);
    const refund = await post(portal, other, `/api/admin/withdrawals/${failing}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().status).toBe('refunded');
    await assertBooksConsistent(portal.db);
  });
}

function ownWalletTests(setup: ReturnType<typeof usePayoutChain>) {
  it('an admin adjusts no wallet of their own; another admin may', async () => {
    const { portal, admin } = setup;
    const insider = await promotedMember(portal, admin);
    const before = await balances(portal.app, insider);
    const adjust = (who: Session) =>
      post(portal, who, `/api/admin/members/${insider.user.id}/adjustments`, {
        wallet: 'income',
        direction: 'credit',
        amount: '500',
        reason: 'a bonus I deserve',
      });
    const own = await adjust(insider);
    expect(own.statusCode, own.body).toBe(403);
    expect(errorOf(own)).toEqual({
      code: 'OWN_MONEY',
      message: 'These are your own wallets: another admin must adjust them.',
    });
    expect(await balances(portal.app, insider)).toEqual(before);
    const byAdmin = await adjust(admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it('the tables refuse an own decision whatever path writes it', async () => {
    const { portal, admin } = setup;
    const insider = await promotedMember(portal, admin);
    const asked = await ask(portal, insider, '40');
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    // Another member's withdrawal beside it: a statement of several rows is refused whole for the one that is own.
    const other = (await pendingWithdrawal(portal, admin, freshAddress(), '20')).id;
    const refusals = [
      sql`INSERT INTO withdrawal_approvals (withdrawal_id, admin_id, approved_at) VALUES (${id}, ${insider.user.id}, now())`,
      sql`INSERT INTO withdrawal_approvals (withdrawal_id, admin_id, approved_at)
          VALUES (${other}, ${insider.user.id}, now()), (${id}, ${insider.user.id}, now())`,
      sql`UPDATE withdrawals SET decided_by = ${insider.user.id} WHERE id = ${id}`,
      sql`UPDATE withdrawals SET decided_by = ${insider.user.id} WHERE id IN (${other}, ${id})`,
      sql`INSERT INTO payouts (withdrawal_id, status, chain_id, wallet, to_address, amount, queued_by)
          SELECT id, 'queued', 1, 'w', address, amount, ${insider.user.id} FROM withdrawals WHERE id = ${id}`,
      sql`INSERT INTO payouts (withdrawal_id, status, chain_id, wallet, to_address, amount, queued_by)
          SELECT id, 'queued', 1, 'w', address, amount, ${insider.user.id} FROM withdrawals WHERE id IN (${other}, ${id}) ORDER BY id DESC`,
    ];
    for (const statement of refusals) {
      const error = await portal.db
        .transaction((tx) => tx.query(statement))
        .then(
          () => null,
          (e: { code?: string; message?: string }) => e,
        );
      expect(error).toMatchObject({ code: 'PT403', message: 'OWN_MONEY' });
    }
    // An adjustment of the actor's own wallet, written straight to the ledger, fails at commit.
    const { rows: accounts } = await portal.db.query<{ id: number; balance: string }>(
      sql`SELECT id, balance::text AS balance FROM ledger_accounts WHERE owner_id = ${insider.user.id} AND wallet = 'income'`,
    );
    const after = (BigInt(accounts[0]!.balance) + 5n).toString();
    const ledgerError = await portal.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          sql`INSERT INTO journal_entries (type, memo, actor_id) VALUES ('adjustment', 'self', ${insider.user.id}) RETURNING id`,
        );
        const { rows: system } = await tx.query<{ id: number }>(
          sql`SELECT id FROM ledger_accounts WHERE code = 'adjustments'`,
        );
        await tx.query(
          sql`INSERT INTO postings (entry_id, account_id, amount, balance_after)
              VALUES (${rows[0]!.id}, ${accounts[0]!.id}, 5, ${after}::numeric), (${rows[0]!.id}, ${system[0]!.id}, -5, NULL)`,
        );
      })
      .then(
        () => null,
        (e: { code?: string; message?: string }) => e,
      );
    expect(ledgerError).toMatchObject({ code: 'PT403', message: 'OWN_MONEY' });
    for (const each of [id, other]) {
      expect(await withdrawal(portal, admin, each)).toMatchObject({ status: 'pending', approvals: [] });
      const { rows } = await portal.db.query(sql`SELECT id FROM payouts WHERE withdrawal_id = ${each}`);
      expect(rows).toEqual([]);
    }
  });
}
