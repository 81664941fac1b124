import { toBaseUnits } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { registerMember, type Session, usePortal } from '../harness';
import { assertBooksConsistent, balances, fund } from '../ledger/ledger-helpers';
import { packageIds } from './plan-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * `plan_purchases` (apps/api/sql/functions/plan_purchases.sql) runs the purchases that arrived together
 * in one statement: in order, each seeing what the ones before it did (a
 * sponsor who became active earns from the next purchase), each refused or
 * done on its own. Called here with a group built by hand, on both databases.
 */
describe('a group of purchases in one statement', () => {
  const { portal, admin } = usePortal();

  type Outcome = {
    replayed?: boolean;
    response?: {
      purchaseId: number;
      kind: string;
      paid: Array<{ memberId: number; level: number; amount: string; rate: string }>;
    };
    refused?: string;
    detail?: string | null;
  };

  async function runGroup(group: unknown[]): Promise<Outcome[]> {
    // One level paid, at 10 %.
    const { rows } = await portal.db.query<{ outcomes: Outcome[] }>(
      sql`SELECT plan_purchases(${JSON.stringify(group)}::jsonb, ${['100000']}::numeric[], ${['10']}::text[], (SELECT version FROM settings_version)) AS outcomes`,
    );
    return rows[0]!.outcomes;
  }

  it('runs them in order: a sponsor activated earlier in the group earns, a refusal undoes only itself, a repeated key replays', async () => {
    const sponsor = await registerMember(portal.app);
    const buyer = await registerMember(portal.app, { sponsor: sponsor.user.username });
    await fund(portal.app, admin, sponsor.user.id, 'deposit', '100');
    await fund(portal.app, admin, buyer.user.id, 'deposit', '250');
    const ids = await packageIds(portal.app, buyer);
    const purchase = (who: Session, pkg: number, key: string | null = null) => ({
      buyer: who.user.id,
      session: null,
      package: pkg,
      key,
      hash: key,
    });

    const outcomes = await runGroup([
      purchase(buyer, ids.Starter!, 'p1'), // the sponsor is not active yet: nobody earns
      purchase(sponsor, ids.Starter!),
      purchase(buyer, ids.Starter!), // a repurchase; the sponsor, active now, earns 10 %
      purchase(buyer, ids.Platinum!, 'p2'), // 50 left: refused
      purchase(buyer, ids.Starter!, 'p1'),
      purchase(buyer, 999_999),
    ]);

    expect(outcomes[0]).toMatchObject({ replayed: false, response: { kind: 'purchase', paid: [] } });
    expect(outcomes[1]).toMatchObject({ replayed: false, response: { kind: 'purchase' } });
    expect(outcomes[2]).toMatchObject({
      replayed: false,
      response: {
        kind: 'repurchase',
        paid: [{ memberId: sponsor.user.id, level: 1, amount: toBaseUnits('10').toString(), rate: '10' }],
      },
    });
    expect(outcomes[3]).toEqual({ refused: 'INSUFFICIENT_BALANCE', detail: toBaseUnits('50').toString() });
    expect(outcomes[4]).toMatchObject({ replayed: true, response: { purchaseId: outcomes[0]!.response!.purchaseId } });
    expect(outcomes[5]).toEqual({ refused: 'PACKAGE_NOT_FOUND', detail: null });

    // The refused purchase's key was released with it.
    await fund(portal.app, admin, buyer.user.id, 'deposit', '5000');
    const again = await runGroup([purchase(buyer, ids.Platinum!, 'p2')]);
    expect(again[0]).toMatchObject({ replayed: false, response: { kind: 'repurchase' } });

    expect(await balances(portal.app, buyer)).toMatchObject({ deposit: '50.00' });
    expect(await balances(portal.app, sponsor)).toMatchObject({ deposit: '0.00', income: '510.00' });
    await assertBooksConsistent(portal.db);
  });
});
