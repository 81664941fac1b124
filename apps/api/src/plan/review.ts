import { fromBaseUnits, toBaseUnits, type ClosePayout, type CloseReview, payoutRatio } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { notFound } from '../shared/errors';
import { bvText } from '../shared/bv';
import { readSettings } from '../settings/in-force';
import { readClose, toCloseResult } from './close-rows';

/** The largest payouts a review lists, and at most how many of those over the threshold it names. */
const REVIEW_LARGEST = 10;
const REVIEW_OVER_SHOWN = 100;

interface PayoutRow {
  member_id: number;
  member: string;
  matched: string;
  earned: string;
  daily_cap: string;
  paid: string;
  flushed: string;
}

const toPayout = (row: PayoutRow): ClosePayout => ({
  memberId: Number(row.member_id),
  member: row.member,
  matched: bvText(row.matched),
  earned: fromBaseUnits(BigInt(row.earned)),
  dailyCap: fromBaseUnits(BigInt(row.daily_cap)),
  paid: fromBaseUnits(BigInt(row.paid)),
  flushed: fromBaseUnits(BigInt(row.flushed)),
});

/**
 * What an admin reviews before paying a close (docs/plan.md, "A close to
 * review"): its totals, the members it credits, the package sales of the
 * days it covers against its total, the largest payouts and those over the
 * threshold set when it ran (a close paid at once has none: the setting in
 * force). Three statements over the day's records (its primary-key range),
 * whatever the network's size; the largest first, so both lists come from
 * one top-N read.
 */
export async function closeReview(db: Sql, date: string): Promise<CloseReview> {
  const close = await readClose(db, date);
  if (!close) throw notFound('CLOSE_NOT_FOUND', `No close of ${date} was computed.`);
  const threshold = BigInt(close.review_threshold ?? toBaseUnits((await readSettings(db)).closeReviewThreshold));

  const counts = (
    await db.query<{ members_paid: number; over: number; over_total: string }>(
      sql`SELECT count(*) FILTER (WHERE paid > 0)::int AS members_paid, count(*) FILTER (WHERE paid > ${threshold.toString()})::int AS over,
                 COALESCE(sum(paid) FILTER (WHERE paid > ${threshold.toString()}), 0)::text AS over_total
            FROM matching_bonuses WHERE close_date = ${date}`,
    )
  ).rows[0]!;
  const top = (
    await db.query<PayoutRow>(
      sql`SELECT b.member_id, u.username AS member, b.matched::text AS matched, b.earned::text AS earned,
                 b.daily_cap::text AS daily_cap, b.paid::text AS paid, b.flushed::text AS flushed
            FROM matching_bonuses b JOIN users u ON u.id = b.member_id
           WHERE b.close_date = ${date} AND b.paid > 0
           ORDER BY b.paid DESC, b.member_id LIMIT ${Math.max(REVIEW_LARGEST, REVIEW_OVER_SHOWN)}`,
    )
  ).rows;
  // Sales of the UTC days the close covers (an early close's day counts whole).
  const sales = BigInt(
    (
      await db.query<{ sales: string }>(
        sql`SELECT COALESCE(sum(price), 0)::text AS sales FROM purchases
             WHERE created_at >= ((${date}::date - ${close.days - 1}::int)::timestamp AT TIME ZONE 'UTC')
               AND created_at < ((${date}::date + 1)::timestamp AT TIME ZONE 'UTC')`,
      )
    ).rows[0]!.sales,
  );

  // Rank bonuses (ranks/evaluate.ts): found by this close, or waiting for its pay, which credits every one not credited yet.
  const ranks = (
    await db.query<{ count: number; total: string }>(
      sql`SELECT count(*)::int AS count, COALESCE(sum(bonus), 0)::text AS total FROM rank_achievements
           WHERE bonus > 0 AND (close_date = ${date} OR (${close.paid_at === null} AND entry_id IS NULL))`,
    )
  ).rows[0]!;

  return {
    close: toCloseResult(close),
    rankBonuses: { count: ranks.count, total: fromBaseUnits(BigInt(ranks.total)) },
    membersPaid: counts.members_paid,
    sales: fromBaseUnits(sales),
    payoutRatio: payoutRatio(BigInt(close.paid), sales),
    largest: top.slice(0, REVIEW_LARGEST).map(toPayout),
    overThreshold: {
      threshold: fromBaseUnits(threshold),
      count: counts.over,
      total: fromBaseUnits(BigInt(counts.over_total)),
      items: top
        .filter((row) => BigInt(row.paid) > threshold)
        .slice(0, REVIEW_OVER_SHOWN)
        .map(toPayout),
    },
  };
}
