import type { Actor } from '../../apps/api/src/audit/write-audit';
import type { AppContext } from '../../apps/api/src/context';
import { sql } from '../../apps/api/src/platform/db/sql';
import { approveRedemptions, rejectRedemptions } from '../../apps/api/src/redemptions/decide';
import { redeem } from '../../apps/api/src/redemptions/redeem';
import { AppError } from '../../apps/api/src/shared/errors';
import { shuffle, type Random } from './random';

/**
 * The demo's redemptions: members who converted income to points redeem a
 * product they can afford (redemptions/redeem.ts), and the admin decides
 * the earlier days' ones the next day (redemptions/decide.ts): most
 * shipped, one in four rejected, its points and stock given back. The
 * last day's stay pending, for the approval queue.
 */
export async function redeemSome(
  ctx: AppContext,
  random: Random,
  products: Array<{ id: number; price: bigint }>,
  count: number,
): Promise<number[]> {
  if (products.length === 0) return [];
  // Points come from conversions the services made: ask the books who holds enough for the cheapest product.
  const { rows } = await ctx.db.query<{ owner_id: number; balance: string }>(
    sql`SELECT owner_id, balance::text AS balance FROM ledger_accounts
         WHERE kind = 'member' AND wallet = 'points' AND balance >= ${products[0]!.price.toString()} ORDER BY owner_id`,
  );
  const ids: number[] = [];
  for (const row of shuffle(random, rows).slice(0, count)) {
    const affordable = products.filter((product) => product.price <= BigInt(row.balance));
    const product = affordable[Math.floor(random() * affordable.length)]!;
    try {
      const answer = await redeem(ctx, Number(row.owner_id), {
        productId: product.id,
        quantity: 1,
        deliveryAddress: `Demo address (seed:demo) of member ${row.owner_id}\n1 Example Street\nSampletown`,
      });
      ids.push(answer.body.id);
    } catch (error) {
      // Out of stock (the voucher has 3): this member gives up, the others still redeem.
      if (!(error instanceof AppError) || error.status !== 422) throw error;
    }
  }
  return ids;
}

/**
 * The admin's decisions on `ids`, `before` redemptions having been decided
 * already: every fourth rejected with its reason (the 2nd, the 6th, …), the
 * rest approved (shipped). Answers the counts.
 */
export async function decideRedemptions(
  ctx: AppContext,
  admin: Actor,
  ids: number[],
  before: number,
): Promise<{ approved: number; rejected: number }> {
  const rejected = ids.filter((_, i) => (before + i) % 4 === 1);
  const approved = ids.filter((_, i) => (before + i) % 4 !== 1);
  if (approved.length > 0) await approveRedemptions(ctx, admin, { ids: approved });
  if (rejected.length > 0) {
    await rejectRedemptions(
      ctx,
      admin,
      { ids: rejected },
      `Demo decision (seed:demo): rejected to show a refund of ${rejected.length === 1 ? 'its' : 'their'} points.`,
    );
  }
  return { approved: approved.length, rejected: rejected.length };
}
