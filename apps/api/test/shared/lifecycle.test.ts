/**
 * One lifecycle per money object (docs/decisions/0058-money-lifecycles.md):
 * the TypeScript tables of the lifecycle files (withdrawals/lifecycle.ts,
 * withdrawals/payout/lifecycle.ts, redemptions/lifecycle.ts,
 * deposits/lifecycle.ts) are the database's `money_transitions()`, each
 * transition has its function, and the database refuses a change of status
 * its table does not allow, alone or among the rows of a bulk UPDATE
 * (migration 0047_money_lifecycles.sql). On PGlite, or on a scratch schema of
 * DATABASE_URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { depositStatuses, redemptionStatuses, withdrawalStatuses } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { DEPOSIT_TRANSITIONS, depositLifecycle, type DepositLog } from '../../src/deposits/lifecycle';
import { REDEMPTION_TRANSITIONS, redemptionLifecycle } from '../../src/redemptions/lifecycle';
import { mustHaveMoved, type TransitionTable } from '../../src/shared/lifecycle';
import { WITHDRAWAL_TRANSITIONS, withdrawalLifecycle } from '../../src/withdrawals/lifecycle';
import { PAYOUT_STATUSES, PAYOUT_TRANSITIONS, payoutLifecycle } from '../../src/withdrawals/payout/lifecycle';
import { registerMember, usePortal } from '../harness';
import { fund } from '../ledger/ledger-helpers';
import { OUTSIDE, requestWithdrawal, setSettings } from '../withdrawals/withdrawal-helpers';

/** A row of the allowed moves, as `money_transitions()` answers them: `object` is the table's name. */
interface TransitionRow {
  object: string;
  name: string;
  from_status: string;
  to_status: string;
}

/** The table's moves as rows, sorted the way a test compares them with the database's. */
function transitionRows(object: string, table: TransitionTable<string>): TransitionRow[] {
  return Object.entries(table)
    .flatMap(([name, t]) => t.from.map((from) => ({ object, name, from_status: from, to_status: t.to })))
    .sort(byRow);
}

const byRow = (a: TransitionRow, b: TransitionRow): number =>
  `${a.object} ${a.name} ${a.from_status} ${a.to_status}`.localeCompare(
    `${b.object} ${b.name} ${b.from_status} ${b.to_status}`,
  );

const LIFECYCLES = [
  {
    object: 'withdrawals',
    table: WITHDRAWAL_TRANSITIONS,
    functions: withdrawalLifecycle,
    statuses: withdrawalStatuses,
  },
  { object: 'payouts', table: PAYOUT_TRANSITIONS, functions: payoutLifecycle, statuses: PAYOUT_STATUSES },
  {
    object: 'redemptions',
    table: REDEMPTION_TRANSITIONS,
    functions: redemptionLifecycle,
    statuses: redemptionStatuses,
  },
  { object: 'deposits', table: DEPOSIT_TRANSITIONS, functions: depositLifecycle, statuses: depositStatuses },
] as const;

describe('money lifecycles', () => {
  const lifecycles = useLifecycles();
  tableAndWithdrawalTests(lifecycles);
  payoutAndDepositTests(lifecycles);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useLifecycles() {
  const { portal, admin } = usePortal();

  beforeAll(async () => {
    await setSettings(portal.app, admin, {
      withdrawalAddressHoldHours: '0',
      withdrawalRequiresTwoFactor: false,
    });
  });

  async function pendingWithdrawal(): Promise<number> {
    const member = await registerMember(portal.app);
    await fund(portal.app, admin, member.user.id, 'income', '50');
    const res = await requestWithdrawal(portal.app, member, { amount: '20', address: OUTSIDE[0] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  const statusOf = async (table: 'withdrawals' | 'payouts' | 'deposits', id: number | string) =>
    (
      await portal.db.query<{ status: string }>(
        sql`SELECT status FROM ${sql.raw(table)} WHERE id = ${id}`, // one of the names its type allows
      )
    ).rows[0]!.status;
  return { portal, admin, pendingWithdrawal, statusOf };
}
type Lifecycles = ReturnType<typeof useLifecycles>;

function tableAndWithdrawalTests({ portal, pendingWithdrawal, statusOf, admin }: Lifecycles) {
  it('keeps one table of allowed moves: the database answers the TypeScript tables', async () => {
    const { rows } = await portal.db.query<TransitionRow>(
      sql`SELECT object, name, from_status, to_status FROM money_transitions()`,
    );
    const inCode = LIFECYCLES.flatMap(({ object, table }) => transitionRows(object, table));
    expect([...rows].sort(byRow)).toEqual(inCode.sort(byRow));
  });

  it('has a function for every transition, and every status but the first is reached by one', () => {
    for (const { object, table, functions, statuses } of LIFECYCLES) {
      expect(Object.keys(functions), object).toEqual(expect.arrayContaining(Object.keys(table)));
      const reached = new Set(Object.values(table).map((t) => t.to as string));
      expect(
        statuses.slice(1).filter((s) => !reached.has(s)),
        object,
      ).toEqual([]);
    }
  });

  it('knows every status the table may hold, and checks once per statement', async () => {
    for (const { object, statuses } of LIFECYCLES) {
      const { rows } = await portal.db.query<{ definition: string }>(
        sql`SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = ${`${object}_status_check`}
             AND conrelid = to_regclass(${object})`,
      );
      const allowed = [...rows[0]!.definition.matchAll(/'(\w+)'::text/g)].map((m) => m[1]);
      expect(allowed.sort(), object).toEqual([...statuses].sort());

      // tgtype bit 0 is FOR EACH ROW: clear, the trigger runs once per statement however many rows it moves.
      const trigger = await portal.db.query<{ tgtype: number }>(
        sql`SELECT tgtype FROM pg_trigger WHERE tgname = ${`${object}_lifecycle`} AND tgrelid = to_regclass(${object})`,
      );
      expect(trigger.rows, object).toHaveLength(1);
      expect(Number(trigger.rows[0]!.tgtype) & 1, object).toBe(0);
    }
  });

  it('refuses a withdrawal status its table does not allow, alone or among many, and changes nothing', async () => {
    const [a, b] = [await pendingWithdrawal(), await pendingWithdrawal()];

    await expect(portal.db.query(sql`UPDATE withdrawals SET status = 'paid' WHERE id = ${a}`)).rejects.toMatchObject({
      code: '23514',
      message: `withdrawals #${a}: pending → paid is not a transition of its lifecycle`,
    });
    // One bad row among good ones: the whole statement is refused.
    await expect(
      portal.db.query(
        sql`UPDATE withdrawals SET status = CASE WHEN id = ${b} THEN 'refunded' ELSE 'approved' END
             WHERE id = ANY(${[a, b]}::bigint[])`,
      ),
    ).rejects.toThrow(`withdrawals #${b}: pending → refunded is not a transition of its lifecycle`);
    expect([await statusOf('withdrawals', a), await statusOf('withdrawals', b)]).toEqual(['pending', 'pending']);

    // The lifecycle's own moves pass, and a status written back is refused.
    const set = { decidedBy: admin.user.id, decidedAt: new Date(), policy: 'one_admin' as const, note: 'test' };
    expect(await withdrawalLifecycle.approve(portal.db, [a, b], set)).toBe(2);
    await expect(portal.db.query(sql`UPDATE withdrawals SET status = 'pending' WHERE id = ${a}`)).rejects.toThrow(
      `withdrawals #${a}: approved → pending is not a transition of its lifecycle`,
    );
    // A function moves only rows in a status its transition starts from: an approved one is not refunded.
    expect(await withdrawalLifecycle.refund(portal.db, a, 1)).toBe(0);
    expect(await statusOf('withdrawals', a)).toBe('approved');
    // A write that leaves the status as it is passes.
    await portal.db.query(sql`UPDATE withdrawals SET approval_note = 'noted' WHERE id = ANY(${[a, b]}::bigint[])`);
  });

  it('fails the transaction of a caller whose rows did not all move, so what it did before rolls back', async () => {
    const id = await pendingWithdrawal();
    await expect(
      portal.db.transaction(async (tx) => {
        await tx.query(sql`UPDATE withdrawals SET approval_note = 'written before' WHERE id = ${id}`);
        // A pending withdrawal is not refunded: the transition moves nothing, and the caller says so.
        mustHaveMoved(await withdrawalLifecycle.refund(tx, id, 1), 1, `withdrawal #${id} refunded`);
      }),
    ).rejects.toThrow(`withdrawal #${id} refunded: 0 of 1 rows moved`);
    const { rows } = await portal.db.query<{ status: string; approval_note: string | null }>(
      sql`SELECT status, approval_note FROM withdrawals WHERE id = ${id}`,
    );
    expect(rows[0]).toEqual({ status: 'pending', approval_note: null });
  });
}

function payoutAndDepositTests({ pendingWithdrawal, portal, statusOf }: Lifecycles) {
  it('refuses a payout status its table does not allow', async () => {
    const id = await pendingWithdrawal();
    const { rows } = await portal.db.query<{ id: number }>(
      sql`INSERT INTO payouts (withdrawal_id, status, chain_id, wallet, to_address, amount)
          VALUES (${id}, 'queued', 31337, ${OUTSIDE[1]}, ${OUTSIDE[0]}, 1) RETURNING id`,
    );
    const payout = Number(rows[0]!.id);

    await expect(portal.db.query(sql`UPDATE payouts SET status = 'mined' WHERE id = ${payout}`)).rejects.toMatchObject({
      code: '23514',
      message: `payouts #${payout}: queued → mined is not a transition of its lifecycle`,
    });
    await payoutLifecycle.sign(portal.db, payout);
    expect(await statusOf('payouts', payout)).toBe('signed');
    await expect(portal.db.query(sql`UPDATE payouts SET status = 'queued' WHERE id = ${payout}`)).rejects.toThrow(
      `payouts #${payout}: signed → queued is not a transition of its lifecycle`,
    );
    expect(await payoutLifecycle.refuse(portal.db, payout, 'refused in a test')).toBe(1);
    expect(await statusOf('payouts', payout)).toBe('refused');
  });

  it('refuses a deposit status its table does not allow, also when an INSERT updates on conflict', async () => {
    const member = await registerMember(portal.app);
    const log: DepositLog = {
      txHash: `0x${'ab'.repeat(32)}`,
      logIndex: 0,
      blockNumber: 7n,
      blockHash: `0x${'cd'.repeat(32)}`,
      memberId: member.user.id,
      address: OUTSIDE[2]!,
      from: OUTSIDE[3]!,
      amount: 10n ** 18n,
    };
    const [open] = await depositLifecycle.record(portal.db, 31337, [log], ['seen']);
    const id = open!.id;
    await expect(portal.db.query(sql`UPDATE deposits SET status = 'rejected' WHERE id = ${id}`)).rejects.toThrow(
      `deposits #${id}: seen → rejected is not a transition of its lifecycle`,
    );
    // Dropped, then found again: recorded anew, its status back to seen through the INSERT's ON CONFLICT.
    expect(await depositLifecycle.drop(portal.db, 31337, 7n, 7n)).toBe(1);
    expect(await depositLifecycle.record(portal.db, 31337, [log], ['seen'])).toEqual([]);
    expect(await depositLifecycle.record(portal.db, 31337, [log], ['seen', 'dropped'])).toHaveLength(1);
    expect(await statusOf('deposits', id)).toBe('seen');
    await expect(
      portal.db.query(
        sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status)
            SELECT chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, 'seen'
              FROM deposits WHERE id = ${id}
            ON CONFLICT (chain_id, tx_hash, log_index) DO UPDATE SET status = 'below_minimum', final_at = now()
             WHERE deposits.status = 'dropped' OR deposits.id = ${id}`,
      ),
    ).resolves.toBeTruthy();
    expect(await statusOf('deposits', id)).toBe('below_minimum');
    await expect(
      portal.db.query(
        sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, status)
            SELECT chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, 'seen'
              FROM deposits WHERE id = ${id}
            ON CONFLICT (chain_id, tx_hash, log_index) DO UPDATE SET status = 'seen'`,
      ),
    ).rejects.toThrow(`deposits #${id}: below_minimum → seen is not a transition of its lifecycle`);
  });
}
