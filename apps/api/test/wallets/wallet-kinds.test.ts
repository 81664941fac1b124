import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  enableAdminTwoFactor,
  loginAdmin,
  registerMember,
  startPortal,
  type Session,
  type TestPortal,
} from '../harness';
import { fund, transfer } from '../ledger/ledger-helpers';
import { mustBuy, packageIds } from '../plan/plan-helpers';

/** The wallet history as its owner reads it: filtered by what each line is to them. */
let portal: TestPortal;
let admin: Session;
beforeEach(async () => {
  portal = await startPortal();
  admin = await loginAdmin(portal.app);
  // Its adjustments are admin writes: an admin with two-factor.
  await enableAdminTwoFactor(portal, admin);
});
afterEach(async () => {
  await portal.close();
});

async function entries(session: Session, query: string) {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/wallets/entries?${query}`,
    headers: bearer(session),
  });
  return res;
}

describe('wallet history by kind', () => {
  it('tells a sponsor’s referral bonus from a purchase, and a transfer in from one out', async () => {
    const { app } = portal;
    const alice = await registerMember(app, { username: 'alice', sponsor: 'company', side: 'left' });
    const bob = await registerMember(app, { username: 'bob', sponsor: 'alice', side: 'left' });
    await fund(app, admin, alice.user.id, 'deposit', '500');
    await fund(app, admin, bob.user.id, 'deposit', '500');
    const ids = await packageIds(app, alice);
    await mustBuy(app, alice, ids.Starter!);
    await mustBuy(app, bob, ids.Starter!);
    const sent = await transfer(app, bob, { toUsername: 'alice', amount: '5' }, 'k-1');
    expect(sent.statusCode, sent.body).toBeLessThan(300);

    const referral = (await entries(alice, 'kind=referral_bonus')).json();
    expect(referral.total).toBe(1);
    expect(referral.items[0].wallet).toBe('income');
    expect(referral.items[0].description).toContain('Referral bonus: bob bought Starter');

    const purchases = (await entries(alice, 'kind=purchase')).json();
    expect(purchases.total).toBe(1);
    expect(purchases.items[0].amount.startsWith('-')).toBe(true);

    expect((await entries(alice, 'kind=transfer_in')).json().total).toBe(1);
    expect((await entries(alice, 'kind=transfer_out')).json().total).toBe(0);
    expect((await entries(bob, 'kind=transfer_out')).json().total).toBe(1);
    expect((await entries(bob, 'kind=referral_bonus')).json().total).toBe(0);
  });

  it('refuses an unknown kind with a 400 naming the field', async () => {
    const alice = await registerMember(portal.app, { username: 'alice', sponsor: 'company' });
    const res = await entries(alice, 'kind=bonus');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('kind must be one of');
  });
});
