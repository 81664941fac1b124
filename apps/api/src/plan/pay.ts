import type { CloseResult } from '@portal/contract';
import type { AppContext } from '../context';
import type { BulkCreditInput } from '../ledger/bulk';
import { postBulkCredits } from '../ledger/bulk';
import { writeAudit, type Actor } from '../audit/write-audit';
import { notFound } from '../shared/errors';
import { sql } from '../platform/db/sql';
import { readClose, toCloseResult } from './close-rows';
import { bulkStatementSettings } from '../shared/bulk-statement-settings';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import { creditRankBonuses } from '../ranks/evaluate';

/**
 * The credits of a close, the same whether the close pays at once
 * (plan/close.ts) or its pay runs later (`payClose`): one bulk credit from
 * `bonus_expense` to the income wallets, in entries that name the close.
 */
export const matchingCredits = (date: string, actorId: number | null, source: string): BulkCreditInput => ({
  type: 'matching_bonus',
  memo: `Matching bonus for ${date}`,
  actorId,
  refs: { closeDate: date },
  from: 'bonus_expense',
  wallet: 'income',
  source,
});

/**
 * Pays a close computed for review (docs/decisions/0040-close-review.md):
 * credits exactly what its records say (`matching_bonuses.paid`), through
 * the same set-based path the close itself uses, in one transaction with the
 * pay's row and its audit. Under the close lock, so a pay and a close (or
 * two pays, in any process) take turns; the pay's primary key makes it once.
 * A close already paid (at its close, or by an earlier pay) answers its
 * stored result and moves nothing. `actor` null: the scheduler's automatic pay.
 */
export async function payClose(ctx: AppContext, date: string, actor: Actor | null): Promise<CloseResult> {
  return ctx.db.transaction(async (tx): Promise<CloseResult> => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.planClose})`);
    const close = await readClose(tx, date);
    if (!close) throw notFound('CLOSE_NOT_FOUND', `No close of ${date} was computed; there is nothing to pay.`);
    if (close.paid_at !== null) return { ...toCloseResult(close), created: false };
    await bulkStatementSettings(tx);

    await tx.query(
      sql`CREATE TEMPORARY TABLE close_pay ON COMMIT DROP AS
       SELECT member_id, paid AS amount FROM matching_bonuses WHERE close_date = ${date}`,
    );
    // The records stay without entries (a member's history joins them by day): no entry ids wanted.
    const { credited: members } = await postBulkCredits(tx, {
      ...matchingCredits(date, actor?.userId ?? null, 'close_pay'),
    });
    // The rank bonuses recorded since the last credit (this close's, or an evaluation's under review).
    await creditRankBonuses(tx, actor?.userId ?? null);
    await tx.query(
      sql`INSERT INTO matching_close_payments (close_date, paid_at, paid_by, members, paid)
       VALUES (${date}, ${ctx.now()}, ${actor?.userId ?? null}, ${members}, ${close.paid})`,
    );
    const result = { ...toCloseResult((await readClose(tx, date))!), created: true };
    await writeAudit(tx, {
      actor: actor ?? { userId: null, ip: null },
      action: 'plan.close.pay',
      targetType: 'close',
      targetId: date,
      details: { result, automatic: actor === null, members },
    });
    return result;
  });
}

/** The scheduler's part (plan/close.ts): pays the closes in review whose automatic pay is due. */
export async function payDueCloses(ctx: AppContext): Promise<CloseResult[]> {
  const { rows } = await ctx.db.query<{ date: string }>(
    sql`SELECT to_char(close_date, 'YYYY-MM-DD') AS date FROM matching_closes_in_review
         WHERE pay_after <= ${ctx.now()} ORDER BY close_date`,
  );
  const paid: CloseResult[] = [];
  for (const { date } of rows) {
    const result = await payClose(ctx, date, null);
    if (result.created) paid.push(result);
  }
  return paid;
}
