import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '@portal/contract';
import { bearer, type Session, type TestPortal } from '../harness';
import { freshAddress, pendingWithdrawal, usePayoutChain } from './payout-helpers';

/**
 * A pending withdrawal that should not be paid as it stands is flagged with why, and is in "Needs attention"
 * (issue 42, item 2): its address put on the screening list after the request, its member blocked, or a payout
 * the hot wallet (1,000 USDT here) cannot cover after the payouts already approved. Its flag carries the reason
 * a one-click rejection sends.
 */
async function listed(portal: TestPortal, session: Session, url: string): Promise<Withdrawal[]> {
  const res = await portal.app.inject({ method: 'GET', url, headers: bearer(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Withdrawal[] }>().items;
}

describe('flagged withdrawals: screened since the request, a blocked member, a payout the hot wallet cannot cover', () => {
  const setup = usePayoutChain();
  const attention = async () => listed(setup.portal, setup.admin, '/api/admin/withdrawals?attention=true&pageSize=100');
  const pending = async () => listed(setup.portal, setup.admin, '/api/admin/withdrawals?status=pending&pageSize=100');
  const flagsOf = async (id: number) => (await pending()).find((w) => w.id === id)?.flags;

  it('flags each with its reason in the pending list and under "Needs attention", never to the member, and rejects in one request', async () => {
    const { portal, admin } = setup;
    const address = freshAddress();
    const plain = await pendingWithdrawal(portal, admin, freshAddress(), '40');
    const screened = await pendingWithdrawal(portal, admin, address, '30');
    const blocked = await pendingWithdrawal(portal, admin, freshAddress(), '20');
    // 1,140 USDT to send (5% fee) from a hot wallet of 1,000.
    const large = await pendingWithdrawal(portal, admin, freshAddress(), '1200');
    expect(await flagsOf(plain.id)).toEqual([]);
    expect(await flagsOf(screened.id)).toEqual([]);
    expect((await attention()).map((w) => w.id)).toEqual([large.id]);
    expect(await flagsOf(large.id)).toEqual([
      {
        kind: 'unfunded',
        reason:
          'The hot wallet has 1000.00 USDT free after the payouts already approved, less than the 1140.00 this payout sends: fund it (BEP20 Wallets) before approving, or reject it.',
        rejectWith: expect.stringMatching(/^The portal cannot pay this withdrawal now/),
      },
    ]);

    // Listed after the request.
    const listing = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/screening',
      headers: bearer(admin),
      payload: { address, reason: 'Reported stolen funds' },
    });
    expect(listing.statusCode, listing.body).toBe(201);
    const block = await portal.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${blocked.member.user.id}`,
      headers: bearer(admin),
      payload: { status: 'blocked' },
    });
    expect(block.statusCode, block.body).toBe(200);

    expect(await flagsOf(screened.id)).toEqual([
      {
        kind: 'screened',
        reason: `${address} was put on the screening list after the request (Reported stolen funds): it cannot be approved.`,
        rejectWith: expect.stringMatching(/^The address is on the portal's screening list/),
      },
    ]);
    expect(await flagsOf(blocked.id)).toEqual([
      {
        kind: 'blocked',
        reason: `@${blocked.member.user.username}'s account is blocked: reject it, or unblock the member before approving.`,
        rejectWith: expect.stringMatching(/^Your account is blocked/),
      },
    ]);
    expect(await flagsOf(plain.id)).toEqual([]);
    expect((await attention()).map((w) => w.id).sort((a, b) => a - b)).toEqual([screened.id, blocked.id, large.id]);

    // The member never reads a flag (nor the list's reason).
    const own = await listed(portal, screened.member, '/api/withdrawals');
    expect(own.map((w) => w.flags)).toEqual([[]]);

    // One click: rejected with the flag's member reason, refunded, out of the group.
    const [flag] = (await flagsOf(screened.id))!;
    const rejected = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${screened.id}/reject`,
      headers: bearer(admin),
      payload: { reason: flag!.rejectWith },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Withdrawal>()).toMatchObject({ status: 'rejected', reason: flag!.rejectWith, flags: [] });
    expect((await attention()).map((w) => w.id).sort((a, b) => a - b)).toEqual([blocked.id, large.id]);
  });
});
