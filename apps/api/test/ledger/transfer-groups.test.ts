import { toBaseUnits, type Transfer } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { registerMember, type Session, usePortal } from '../harness';
import { assertBooksConsistent, balances, fund } from './ledger-helpers';
import { sql } from '../../src/platform/db/sql';
import { storedTransfer, type TransferResult } from '../../src/transfers/answer';

/**
 * `ledger_transfers` (apps/api/sql/functions/ledger_transfers.sql) runs the transfers that arrived
 * together in one statement: in order, each seeing the balances the ones
 * before it left, each refused or done on its own. Called here with a group
 * built by hand, on both databases; each answer worded as the API words it
 * (src/transfers/answer.ts).
 */
describe('a group of transfers in one statement', () => {
  const { portal, admin } = usePortal();

  type Outcome = {
    replayed?: boolean;
    response?: { id: number; amount: string; to: { username: string } };
    refused?: string;
    detail?: string | null;
  };

  function request(from: Session, to: Session | string, amount: string, key: string | null = null) {
    const units = toBaseUnits(amount);
    return {
      sender: from.user.id,
      session: null,
      to: typeof to === 'string' ? to : to.user.username.toLowerCase(),
      amount: units.toString(),
      fee: '0',
      minimum: '0',
      key,
      hash: key ? `hash-of-${amount}` : null,
    };
  }

  async function runGroup(group: unknown[]): Promise<Outcome[]> {
    const { rows } = await portal.db.query<{
      outcomes: Array<Omit<Outcome, 'response'> & { response?: TransferResult | Transfer }>;
    }>(
      sql`SELECT ledger_transfers(${JSON.stringify(group)}::jsonb, (SELECT version FROM settings_version)) AS outcomes`,
    );
    return rows[0]!.outcomes.map(({ response, ...outcome }) =>
      response ? { ...outcome, response: storedTransfer(response) } : outcome,
    );
  }

  it('runs them in order: a refusal undoes only itself, a key repeated in the group replays, a refused key can be used again', async () => {
    const [a, b, c] = [
      await registerMember(portal.app),
      await registerMember(portal.app),
      await registerMember(portal.app),
    ];
    await fund(portal.app, admin, a.user.id, 'deposit', '10');

    const outcomes = await runGroup([
      request(a, b, '6', 'k1'),
      request(a, c, '6', 'k2'), // 4 left: refused
      request(b, a, '5'), // b pays from what the first transfer brought
      request(a, b, '6', 'k1'), // the same key: the first one's answer
      request(a, a, '1'),
      request(a, 'nobody-here', '1'),
    ]);

    expect(outcomes[0]).toMatchObject({
      replayed: false,
      response: { amount: '6.00', to: { username: b.user.username } },
    });
    expect(outcomes[1]).toEqual({ refused: 'INSUFFICIENT_BALANCE', detail: toBaseUnits('4').toString() });
    expect(outcomes[2]).toMatchObject({ replayed: false, response: { amount: '5.00' } });
    expect(outcomes[3]).toMatchObject({ replayed: true, response: { id: outcomes[0]!.response!.id } });
    expect(outcomes[4]).toEqual({ refused: 'TRANSFER_TO_SELF', detail: null });
    expect(outcomes[5]).toEqual({ refused: 'RECEIVER_NOT_FOUND', detail: null });

    // The refused transfer's key was released with it.
    const again = await runGroup([request(a, c, '1', 'k2')]);
    expect(again[0]).toMatchObject({ replayed: false, response: { amount: '1.00' } });

    expect((await balances(portal.app, a)).deposit).toBe('8.00');
    expect((await balances(portal.app, b)).deposit).toBe('1.00');
    expect((await balances(portal.app, c)).deposit).toBe('1.00');
    const { rows } = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM transfers WHERE from_user_id = ${a.user.id}`,
    );
    expect(rows[0]!.n).toBe(2);
    await assertBooksConsistent(portal.db);
  });

  it('refuses the whole group, moving nothing, when the settings it was priced with are no longer in force', async () => {
    const [a, b] = [await registerMember(portal.app), await registerMember(portal.app)];
    await fund(portal.app, admin, a.user.id, 'deposit', '10');
    await expect(
      portal.db.query(sql`SELECT ledger_transfers(${JSON.stringify([request(a, b, '1')])}::jsonb, gen_random_uuid())`),
    ).rejects.toMatchObject({ code: 'PT409', message: 'SETTINGS_CHANGED' });
    expect((await balances(portal.app, a)).deposit).toBe('10.00');
  });
});
