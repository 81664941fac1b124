import { fromBaseUnits, toBaseUnits, type CloseResult } from '@portal/contract';
import type { AppContext } from '../context';
import type { Database, Sql } from '../db/database';
import { postBulkCredits } from '../ledger/bulk';
import { NETWORK_ROLLUP_LOCK, ROLLUP_BATCH, rollUpBatch } from '../network/rollup';
import { readSettings } from '../settings/service';
import { writeAudit, type Actor } from '../audit/service';
import { unprocessable } from '../shared/errors';
import { matchDay, percentToPpm, type DayMatch } from './rules';

/**
 * The daily matching close (PRODUCT.md §5), one transaction:
 *
 * 1. the close lock (closes run one at a time, in any process), then the
 *    day's row: a day already closed answers its first result, moving nothing;
 * 2. the network roll-up lock, and every pending event rolled up inside this
 *    transaction: the close sees every purchase committed before it read the
 *    events; anything committed later stays pending for the next close;
 * 3. for each active member with volume on both legs: `matchDay` at the
 *    matching rate in force, capped by the daily cap of the member's package;
 *    legs keep only the carry; one record per member; the paid bonuses are
 *    credited to income wallets set-based (`postBulkCredits`).
 *
 * A day may be closed early (today): volume after that waits for the next
 * day's close. A day before the last closed day cannot be closed any more.
 */
export const PLAN_CLOSE_LOCK = 724_500;
const WRITE_CHUNK = 5_000;

interface CandidateRow {
  member_id: number;
  left_volume: string;
  right_volume: string;
  daily_cap: string;
}

interface CloseRow {
  close_date: string;
  closed_at: Date;
  rate: string;
  members: number;
  matched: string;
  paid: string;
  flushed: string;
  events: number;
}

const CLOSE_COLUMNS = `to_char(close_date, 'YYYY-MM-DD') AS close_date, closed_at, rate, members, matched::text AS matched, paid::text AS paid, flushed::text AS flushed, events`;

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** BV volumes are decimals; the plan's arithmetic runs on them scaled to 18 decimals. */
const volumeUnits = (value: string): bigint => toBaseUnits(value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value);
const volumeText = (value: bigint): string => fromBaseUnits(value).replace(/\.?0+$/, '') || '0';

export function toCloseResult(row: CloseRow): Omit<CloseResult, 'created'> {
  return {
    date: row.close_date,
    closedAt: new Date(row.closed_at).toISOString(),
    rate: row.rate,
    members: row.members,
    matched: volumeText(volumeUnits(row.matched)),
    paid: fromBaseUnits(BigInt(row.paid)),
    flushed: fromBaseUnits(BigInt(row.flushed)),
    events: row.events,
  };
}

/** `actor`: the admin who asked (audited in the close's own transaction), or null for the scheduler. */
export async function closeDay(ctx: AppContext, date: string, actor: Actor | null): Promise<CloseResult> {
  const actorId = actor?.userId ?? null;
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PLAN_CLOSE_LOCK]);
    const existing = await tx.query<CloseRow>(`SELECT ${CLOSE_COLUMNS} FROM matching_closes WHERE close_date = $1`, [date]);
    if (existing.rows[0]) return { ...toCloseResult(existing.rows[0]), created: false };

    const today = utcDay(ctx.now());
    if (date > today) throw unprocessable('CLOSE_IN_FUTURE', `${date} has not begun yet; the latest day that can be closed is ${today}.`, 'date');
    const last = (await tx.query<{ last: string | null }>(`SELECT to_char(max(close_date), 'YYYY-MM-DD') AS last FROM matching_closes`)).rows[0]!.last;
    if (last !== null && date < last) {
      throw unprocessable('CLOSE_OUT_OF_ORDER', `${last} is already closed, so an earlier day (${date}) can no longer be closed.`, 'date');
    }

    await tx.query('SELECT pg_advisory_xact_lock($1)', [NETWORK_ROLLUP_LOCK]);
    let events = 0;
    for (;;) {
      const applied = await rollUpBatch(tx, ROLLUP_BATCH, true);
      if (applied === 'busy') throw new Error('roll-up busy under its own lock');
      events += applied;
      if (applied < ROLLUP_BATCH) break;
    }

    const settings = await readSettings(tx);
    const rate = percentToPpm(settings.matchingPercent);
    const candidates = (
      await tx.query<CandidateRow>(
        `SELECT n.member_id, n.left_volume::text AS left_volume, n.right_volume::text AS right_volume, k.daily_cap::text AS daily_cap
           FROM network_nodes n JOIN members m ON m.user_id = n.member_id JOIN packages k ON k.id = m.package_id
          WHERE m.active AND n.left_volume > 0 AND n.right_volume > 0
          ORDER BY n.member_id`,
      )
    ).rows;
    const results: Array<{ memberId: number; cap: bigint; day: DayMatch }> = candidates.map((row) => {
      const cap = BigInt(row.daily_cap);
      return { memberId: Number(row.member_id), cap, day: matchDay(volumeUnits(row.left_volume), volumeUnits(row.right_volume), rate, cap) };
    });
    const totals = results.reduce(
      (t, r) => ({ matched: t.matched + r.day.matched, paid: t.paid + r.day.paid, flushed: t.flushed + r.day.flushed }),
      { matched: 0n, paid: 0n, flushed: 0n },
    );

    const closed = await tx.query<CloseRow>(
      `INSERT INTO matching_closes (close_date, closed_at, closed_by, rate, members, matched, paid, flushed, events)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${CLOSE_COLUMNS}`,
      [date, ctx.now(), actorId, settings.matchingPercent, results.length, volumeText(totals.matched), totals.paid.toString(), totals.flushed.toString(), events],
    );

    const entryOf = await postBulkCredits(tx, {
      type: 'matching_bonus',
      memo: `Matching bonus for ${date}`,
      actorId,
      refs: { closeDate: date },
      from: 'bonus_expense',
      wallet: 'income',
      credits: results.filter((r) => r.day.paid > 0n).map((r) => ({ member: r.memberId, amount: r.day.paid })),
    });

    for (let start = 0; start < results.length; start += WRITE_CHUNK) {
      const chunk = results.slice(start, start + WRITE_CHUNK);
      await writeRecords(tx, date, settings.matchingPercent, chunk, entryOf);
      await tx.query(
        `UPDATE network_nodes n SET left_volume = n.left_volume - d.matched, right_volume = n.right_volume - d.matched
           FROM unnest($1::bigint[], $2::numeric[]) AS d (id, matched) WHERE n.member_id = d.id`,
        [chunk.map((r) => r.memberId), chunk.map((r) => volumeText(r.day.matched))],
      );
    }
    const result = { ...toCloseResult(closed.rows[0]!), created: true };
    if (actor) await writeAudit(tx, { actor, action: 'plan.close', targetType: 'close', targetId: date, details: { result } });
    return result;
  });
}

async function writeRecords(tx: Sql, date: string, rate: string, chunk: Array<{ memberId: number; cap: bigint; day: DayMatch }>, entryOf: Map<number, number>) {
  const col = <T>(f: (r: { memberId: number; cap: bigint; day: DayMatch }) => T) => chunk.map(f);
  await tx.query(
    `INSERT INTO matching_bonuses (close_date, member_id, left_volume, right_volume, matched, rate, earned, daily_cap, paid, flushed, carry_left, carry_right, entry_id)
     SELECT $1, u.member_id, u.l, u.r, u.matched, $2, u.earned, u.cap, u.paid, u.flushed, u.cl, u.cr, u.entry_id
       FROM unnest($3::bigint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::numeric[], $13::bigint[])
         AS u (member_id, l, r, matched, earned, cap, paid, flushed, cl, cr, entry_id)`,
    [
      date,
      rate,
      col((r) => r.memberId),
      col((r) => volumeText(r.day.left)),
      col((r) => volumeText(r.day.right)),
      col((r) => volumeText(r.day.matched)),
      col((r) => r.day.earned.toString()),
      col((r) => r.cap.toString()),
      col((r) => r.day.paid.toString()),
      col((r) => r.day.flushed.toString()),
      col((r) => volumeText(r.day.carryLeft)),
      col((r) => volumeText(r.day.carryRight)),
      col((r) => entryOf.get(r.memberId) ?? null),
    ],
  );
}

export async function listCloses(db: Database): Promise<Array<Omit<CloseResult, 'created'>>> {
  const { rows } = await db.query<CloseRow>(`SELECT ${CLOSE_COLUMNS} FROM matching_closes ORDER BY close_date DESC LIMIT 60`);
  return rows.map(toCloseResult);
}

/** The latest day whose close is due at `now`: day D closes at D+1, `closeTime` UTC. */
export function dueDay(now: Date, closeTimeUtc: string): string {
  const [h, m] = closeTimeUtc.split(':').map(Number) as [number, number];
  const shifted = new Date(now.getTime() - (h * 60 + m) * 60_000);
  return utcDay(new Date(shifted.getTime() - 86_400_000));
}

/**
 * The scheduler: every minute, closes the day that is due if it is not
 * closed yet (and no later day was closed early). Any number of processes
 * may run it: the close lock and the day's primary key decide.
 */
export function startPlanScheduler(ctx: AppContext, intervalMs = 60_000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const settings = await readSettings(ctx.db);
      const day = dueDay(ctx.now(), settings.closeTimeUtc);
      const { rows } = await ctx.db.query<{ last: string | null }>(`SELECT to_char(max(close_date), 'YYYY-MM-DD') AS last FROM matching_closes`);
      const last = rows[0]!.last;
      if (last === null || day > last) {
        const result = await closeDay(ctx, day, null);
        ctx.log.info({ close: result }, 'daily matching close');
      }
    } catch (error) {
      ctx.log.error({ err: error }, 'daily matching close failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
