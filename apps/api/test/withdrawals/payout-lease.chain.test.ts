import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPayoutRunner } from '../../src/withdrawals/payout/job';
import { sql } from '../../src/platform/db/sql';
import { adminCode, bearer, type TestPortal } from '../harness';
import { freshAddress, payAll, pendingWithdrawal, usePayoutChain, withdrawal } from './payout-helpers';

/**
 * The payout job's lease on the hot wallet (apps/api/src/withdrawals/payout/job.ts,
 * shared/lease.ts `keepRenewed`) is renewed while a pass works, and a pass
 * whose lease was taken over stops at its next step, leaving the rest to the
 * process that took it.
 */

async function leaseUntil(portal: TestPortal): Promise<{ holder: string; until: number }> {
  const { rows } = await portal.db.query<{ holder: string; lease_until: Date }>(
    sql`SELECT holder, lease_until FROM payout_leases`,
  );
  return { holder: rows[0]!.holder, until: new Date(rows[0]!.lease_until).getTime() };
}

async function queuedPayouts(portal: TestPortal, admin: Parameters<typeof bearer>[0], count: number) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await pendingWithdrawal(portal, admin, freshAddress(), '10')).id);
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/admin/withdrawals/approve',
    headers: bearer(admin),
    payload: { ids, totpCode: adminCode(portal) },
  });
  expect(res.json().done, res.body).toEqual(ids);
  return ids;
}

describe('the payout lease', () => {
  const setup = usePayoutChain();

  it('is renewed while a pass works', async () => {
    const { portal, admin } = setup;
    await queuedPayouts(portal, admin, 1);
    const seen: Array<{ holder: string; until: number }> = [];
    const runner = createPayoutRunner(
      portal.ctx,
      {
        after: async (step) => {
          if (step !== 'reserved') return;
          seen.push(await leaseUntil(portal));
          await sleep(600);
          seen.push(await leaseUntil(portal));
        },
      },
      { renewEveryMs: 100 },
    );
    const result = await runner.pass();
    expect(result.ran).toBe(true);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.holder).toBe(runner.holder);
    expect(seen[1]!.until).toBeGreaterThan(seen[0]!.until);
    await payAll(portal, setup.chain);
  });

  it('a pass whose lease was taken over stops at its next step; the process holding it finishes', async () => {
    const { portal, admin } = setup;
    const ids = await queuedPayouts(portal, admin, 2);
    let takenOver = false;
    const runner = createPayoutRunner(
      portal.ctx,
      {
        after: async (step) => {
          if (step !== 'reserved' || takenOver) return;
          takenOver = true;
          // Another process takes the wallet over (as after this one's lease ran out).
          await portal.db.query(
            sql`UPDATE payout_leases SET holder = 'another-process', lease_until = clock_timestamp() + interval '30 seconds'`,
          );
          await sleep(400);
        },
      },
      { renewEveryMs: 100 },
    );
    await runner.pass();
    const { rows } = await portal.db.query<{ withdrawal_id: number; status: string; nonce: string | null }>(
      sql`SELECT withdrawal_id, status, nonce FROM payouts WHERE withdrawal_id = ANY(${ids}::bigint[]) ORDER BY withdrawal_id`,
    );
    // The first reserved its nonce and was left unsigned; the second was never started.
    expect(rows.map((row) => [Number(row.withdrawal_id), row.status, row.nonce !== null])).toEqual([
      [ids[0], 'queued', true],
      [ids[1], 'queued', false],
    ]);
    // The pass did not release a lease that is no longer its own.
    expect((await leaseUntil(portal)).holder).toBe('another-process');

    // The other process's lease runs out; the next pass resumes the reserved nonce and pays both.
    await portal.db.query(sql`UPDATE payout_leases SET lease_until = clock_timestamp() - interval '1 second'`);
    await payAll(portal, setup.chain);
    for (const id of ids) expect((await withdrawal(portal, admin, id)).status).toBe('paid');
  });
});
