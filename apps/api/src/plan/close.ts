import { toBaseUnits, type CloseResult } from '@portal/contract';
import type { AppContext } from '../context';
import type { Database } from '../platform/db/database';
import type { Job } from '../shared/job-runner';
import { postBulkCredits } from '../ledger/bulk';
import { ROLLUP_BATCH, rollUpBatch } from '../network/rollup';
import { readSettings } from '../settings/in-force';
import { writeAudit, type Actor } from '../audit/write-audit';
import { conflict, unprocessable } from '../shared/errors';
import { percentToPpm } from './rules';
import { sql } from '../platform/db/sql';
import { noteCloseRun } from './close-timing';
import { testPause } from '../shared/test-pause';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import { bulkStatementSettings } from '../shared/bulk-statement-settings';
import { CLOSE_SELECT, closeInReview, readClose, toCloseResult, type CloseRow } from './close-rows';
import { matchingCredits, payDueCloses } from './pay';
import { evaluateRanks } from '../ranks/evaluate';

/**
 * Every candidate matched at once: each active member with volume on both
 * legs, by `plan_match_day` (apps/api/sql/functions/plan_match_day.sql, the
 * one statement of the matching rule, inlined here by the planner) at
 * `ratePpm` the matching rate in millionths, capped at the package's daily
 * cap × the `days` the close covers. Only matched, earned and paid (amount)
 * are kept: flushed (earned − amount) and the carries (leg − matched, the
 * cut of the legs below) follow from them, and asking the function for them
 * too would compute the bonus's division again for every member (the
 * planner inlines without sharing subexpressions). plan.property.test.ts
 * checks closes against an independent simulator.
 */
const matchesSql = (ratePpm: string, days: number) => sql`
  SELECT n.member_id, n.left_volume, n.right_volume, d.matched, d.earned, c.daily_cap, d.paid AS amount
    FROM network_nodes n JOIN members m ON m.user_id = n.member_id JOIN packages k ON k.id = m.package_id
   CROSS JOIN LATERAL (SELECT k.daily_cap * ${days}::int AS daily_cap) c
   CROSS JOIN LATERAL plan_match_day(n.left_volume, n.right_volume, ${ratePpm}::numeric, c.daily_cap) d
   WHERE m.active AND n.left_volume > 0 AND n.right_volume > 0`;

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The daily matching close (PRODUCT.md §5), one transaction:
 *
 * 1. the close lock (closes run one at a time, in any process), then the
 *    day's row: a day already closed answers its first result, moving nothing;
 * 2. the network roll-up lock, and every pending event rolled up inside this
 *    transaction: the close sees every purchase committed before it read the
 *    events; anything committed later stays pending for the next close;
 * 3. every active member with volume on both legs matched at once, in SQL
 *    (`matchesSql`, `plan_match_day` for every member in one statement) into a
 *    temporary table; from it, the paid bonuses credited to income wallets
 *    (`postBulkCredits`), one record per member, and the legs cut down to
 *    their carry. Nothing per member crosses to JavaScript: a close over
 *    1,000,000 members is a handful of statements (docs/plan.md, "The close
 *    at scale").
 *
 * A day may be closed early (today): volume after that waits for the next
 * day's close. A day before the last closed day cannot be closed any more.
 * A close after days nobody closed covers them: caps × the days since the
 * last close (leg volumes do not know which day BV arrived on).
 *
 * With the `closeReview` setting on, the same transaction computes and
 * records the same figures and cuts the legs the same way, but credits
 * nobody: the close is `in_review` until `payClose` (plan/pay.ts) credits
 * exactly its records. While one waits, no later day is closed
 * (409 CLOSE_AWAITING_REVIEW; the scheduler waits), so there is never more
 * than one close to pay (docs/decisions/0040-close-review.md).
 *
 * `actor`: the admin who asked (audited in the close's own transaction), or null for the scheduler.
 */
export async function closeDay(ctx: AppContext, date: string, actor: Actor | null): Promise<CloseResult> {
  const actorId = actor?.userId ?? null;
  const started = performance.now();
  const result = await ctx.db.transaction(async (tx): Promise<CloseResult> => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.planClose})`);
    const existing = await readClose(tx, date);
    if (existing) return { ...toCloseResult(existing), created: false };

    const today = utcDay(ctx.now());
    if (date > today)
      throw unprocessable(
        'CLOSE_IN_FUTURE',
        `${date} has not begun yet; the latest day that can be closed is ${today}.`,
        'date',
      );
    const last = (
      await tx.query<{ last: string | null }>(
        sql`SELECT to_char(max(close_date), 'YYYY-MM-DD') AS last FROM matching_closes`,
      )
    ).rows[0]!.last;
    if (last !== null && date < last) {
      throw unprocessable(
        'CLOSE_OUT_OF_ORDER',
        `${last} is already closed, so an earlier day (${date}) can no longer be closed.`,
        'date',
      );
    }
    const waiting = await closeInReview(tx);
    if (waiting)
      throw conflict(
        'CLOSE_AWAITING_REVIEW',
        `The close of ${waiting.date} is being reviewed: pay it first, then ${date} can be closed (it will cover the days since).`,
        'date',
      );

    await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.networkRollup})`);
    let events = 0;
    for (;;) {
      const applied = await rollUpBatch(tx, ROLLUP_BATCH, true);
      if (applied === 'busy') throw new Error('roll-up busy under its own lock');
      events += applied;
      if (applied < ROLLUP_BATCH) break;
    }

    const settings = await readSettings(tx);
    await bulkStatementSettings(tx);
    const days = last === null ? 1 : daysBetween(last, date);
    await tx.query(
      sql`CREATE TEMPORARY TABLE close_matches ON COMMIT DROP AS ${matchesSql(percentToPpm(settings.matchingPercent).toString(), days)}`,
    );
    const totals = (
      await tx.query<{ members: number; matched: string; paid: string; flushed: string }>(
        sql`SELECT count(*)::int AS members, COALESCE(sum(matched), 0)::text AS matched,
                COALESCE(sum(amount), 0)::text AS paid, COALESCE(sum(earned - amount), 0)::text AS flushed
           FROM pg_temp.close_matches`,
      )
    ).rows[0]!;

    const review = settings.closeReview;
    const payAfterHours = Number(settings.closeReviewAutoPayHours);
    const payAfter = review && payAfterHours > 0 ? new Date(ctx.now().getTime() + payAfterHours * 3_600_000) : null;
    await tx.query(
      sql`INSERT INTO matching_closes (close_date, closed_at, closed_by, days, rate, members, matched, paid, flushed, events, rolled_batch, review, review_threshold, pay_after)
       VALUES (${date}, ${ctx.now()}, ${actorId}, ${days}, ${settings.matchingPercent}, ${totals.members}, ${totals.matched}, ${totals.paid}, ${totals.flushed}, ${events},
               COALESCE(pg_sequence_last_value('network_rollup_batches'), 0),
               ${review}, ${review ? toBaseUnits(settings.closeReviewThreshold).toString() : null}, ${payAfter})`,
    );
    // Under review the records are written without entries: the pay credits them (plan/pay.ts).
    const credited = review ? undefined : await postBulkCredits(tx, matchingCredits(date, actorId, 'close_matches'));
    // Tests only: a process killed here leaves a transaction that never commits (multiprocess.test.ts).
    await testPause(ctx, 'close');
    // Each record with the entry that paid it (the bulk credit's lines), in the statement that writes them.
    await tx.query(
      sql`INSERT INTO matching_bonuses (close_date, member_id, left_volume, right_volume, matched, rate, earned, daily_cap, paid, flushed, carry_left, carry_right, entry_id)
       SELECT ${date}, c.member_id, c.left_volume, c.right_volume, c.matched, ${settings.matchingPercent}, c.earned, c.daily_cap, c.amount, c.earned - c.amount,
              c.left_volume - c.matched, c.right_volume - c.matched, ${credited ? sql`l.entry_id` : sql`NULL::bigint`}
         FROM pg_temp.close_matches c ${credited ? sql`LEFT JOIN ${credited.lines} l ON l.member_id = c.member_id` : sql.empty}
        ORDER BY c.member_id`,
    );
    await tx.query(
      sql`UPDATE network_nodes n SET left_volume = n.left_volume - c.matched, right_volume = n.right_volume - c.matched
         FROM pg_temp.close_matches c WHERE n.member_id = c.member_id`,
    );
    // Ranks on the figures as this close leaves them (ranks/evaluate.ts); bonuses follow the close's review rule.
    await evaluateRanks(tx, { day: date, closeDate: date, actorId });
    const result = { ...toCloseResult((await readClose(tx, date))!), created: true };
    if (actor)
      await writeAudit(tx, { actor, action: 'plan.close', targetType: 'close', targetId: date, details: { result } });
    return result;
  });
  // A day already closed moved nothing: only a close that ran is timed (plan/close-timing.ts).
  if (result.created)
    noteCloseRun(ctx, { date, finishedAt: new Date(), seconds: (performance.now() - started) / 1000 });
  return result;
}

export async function listCloses(db: Database): Promise<Array<Omit<CloseResult, 'created'>>> {
  const { rows } = await db.query<CloseRow>(sql`${CLOSE_SELECT} ORDER BY c.close_date DESC LIMIT 60`);
  return rows.map(toCloseResult);
}

/** The latest day whose close is due at `now`: day D closes at D+1, `closeTime` UTC. */
export function dueDay(now: Date, closeTimeUtc: string): string {
  const [h, m] = closeTimeUtc.split(':').map(Number) as [number, number];
  const shifted = new Date(now.getTime() - (h * 60 + m) * 60_000);
  return utcDay(new Date(shifted.getTime() - 86_400_000));
}

/**
 * The scheduler's job (jobs.ts): every minute, pays a close in review whose
 * automatic pay is due (plan/pay.ts), then closes the day that is due if it
 * is not closed yet (and no later day was closed early). While a close waits
 * for review the next day waits too, and closes (covering the days since)
 * once it is paid. Any number of processes may run it: the close lock and
 * the day's primary key (the pay's, for a pay) decide.
 */
export function closeSchedulerJob(ctx: AppContext, everyMs = 60_000): Job {
  return {
    name: 'daily matching close',
    everyMs,
    async pass() {
      for (const paid of await payDueCloses(ctx)) ctx.log.info({ close: paid }, 'reviewed close paid automatically');
      if (await closeInReview(ctx.db)) return false;
      const settings = await readSettings(ctx.db);
      const day = dueDay(ctx.now(), settings.closeTimeUtc);
      const { rows } = await ctx.db.query<{ last: string | null }>(
        sql`SELECT to_char(max(close_date), 'YYYY-MM-DD') AS last FROM matching_closes`,
      );
      const last = rows[0]!.last;
      if (last === null || day > last) {
        const result = await closeDay(ctx, day, null);
        ctx.log.info({ close: result }, 'daily matching close');
      }
      return false;
    },
  };
}
