import { fromBaseUnits, type RankEvaluation } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql, type SqlQuery } from '../platform/db/sql';
import { postBulkCredits } from '../ledger/bulk';
import { writeAudit, type Actor } from '../audit/write-audit';
import { readSettings } from '../settings/in-force';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import { readRanks, type RankRow } from './definitions';

/** At most this many passes of the ladder: each one lets a rank reached below count for the sponsors above. */
const MAX_PASSES = 20;

/** The first day of `day`'s UTC month: a period rank's BV is what the closes of that month matched. */
export const monthStart = (day: string): string => `${day.slice(0, 8)}01`;

/**
 * Who meets `rank` now (docs/plan.md "Ranks"), over `pg_temp.rank_figures f`
 * (one row per active member, read once per evaluation): every requirement
 * the rank sets. The weaker leg is lifetime (the roll-up's lifetime totals)
 * or, for a period rank, the BV matched by this month's closes; the ranks of
 * sponsored members are counted from the ranks held now, by hash join.
 */
function rankQuery(rank: RankRow): SqlQuery {
  const joins: SqlQuery[] = [];
  const parts: SqlQuery[] = [sql`true`];
  if (rank.min_package_id !== null)
    parts.push(sql`f.package_price >= (SELECT price FROM packages WHERE id = ${rank.min_package_id})`);
  if (rank.min_weaker_leg_bv !== null) {
    if (rank.kind === 'lifetime') parts.push(sql`f.weaker >= ${rank.min_weaker_leg_bv}::numeric`);
    else {
      joins.push(sql`LEFT JOIN pg_temp.rank_period_bv p ON p.member_id = f.member_id`);
      parts.push(sql`COALESCE(p.matched, 0) >= ${rank.min_weaker_leg_bv}::numeric`);
    }
  }
  if (rank.min_sponsored !== null) parts.push(sql`f.sponsored >= ${rank.min_sponsored}`);
  if (rank.min_ranked_rank !== null) {
    joins.push(
      sql`JOIN (SELECT s.sponsor_id, count(*) AS n FROM member_ranks h JOIN ranks hr ON hr.id = h.rank_id JOIN members s ON s.user_id = h.member_id
                 WHERE hr.position >= (SELECT position FROM ranks WHERE id = ${rank.min_ranked_rank})
                   AND s.sponsor_id IN (SELECT member_id FROM pg_temp.rank_figures) GROUP BY s.sponsor_id) rk
              ON rk.sponsor_id = f.member_id`,
    );
    parts.push(sql`rk.n >= ${rank.min_ranked_count ?? 1}`);
  }
  // A lifetime rank: only who has not reached it. A period rank: everyone, it is held while met.
  if (rank.kind === 'lifetime')
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM rank_achievements a WHERE a.member_id = f.member_id AND a.rank_id = ${rank.id})`,
    );
  return sql`SELECT f.member_id, ${rank.id}::bigint, ${rank.position}::int FROM pg_temp.rank_figures f ${sql.join(joins, sql` `)}
              WHERE ${sql.join(parts, sql` AND `)}`;
}

/**
 * The figures ranks read, one row per active member: the package, the
 * lifetime weaker leg, the active members sponsored. `ids`: only those
 * members (a query of member ids), each sponsored count by the sponsor
 * index; null: every active member, the counts in one scan.
 */
function figuresQuery(ids: SqlQuery | null, sponsored: boolean): SqlQuery {
  const count = !sponsored
    ? sql`0::bigint`
    : ids === null
      ? sql`COALESCE(sp.n, 0)`
      : sql`(SELECT count(*) FROM members s WHERE s.sponsor_id = m.user_id AND s.active)`;
  const counts =
    sponsored && ids === null
      ? sql`LEFT JOIN (SELECT sponsor_id, count(*) AS n FROM members WHERE active GROUP BY sponsor_id) sp ON sp.sponsor_id = m.user_id`
      : sql.empty;
  return sql`SELECT m.user_id AS member_id, m.package_price, least(n.left_lifetime_volume, n.right_lifetime_volume) AS weaker,
                    ${count} AS sponsored
               FROM members m JOIN network_nodes n ON n.member_id = m.user_id ${counts}
              WHERE m.active ${ids === null ? sql.empty : sql`AND m.user_id IN (${ids})`}`;
}

/** The sponsors of `members` (a query of member ids): the next evaluation looks at them again. */
async function queueSponsors(tx: Sql, members: SqlQuery): Promise<void> {
  await tx.query(
    sql`INSERT INTO rank_changes (member_id)
        SELECT DISTINCT m.sponsor_id FROM members m WHERE m.user_id IN (${members}) AND m.sponsor_id IS NOT NULL
        ORDER BY 1 ON CONFLICT DO NOTHING`,
  );
}

/**
 * Who a daily evaluation reads (`pg_temp.rank_candidates`), everyone whose
 * figures can have changed since the last one: the members queued in
 * `rank_changes` (taken off the queue) and their sponsors, every holder of
 * a period rank, and for a period rank's BV the members this close matched
 * (in a month other than the last evaluation's: everyone matched this month).
 * Whoever else has figures as the last evaluation read them meets nothing new.
 */
async function readCandidates(tx: Sql, at: { closeDate: string | null }, periodBv: boolean, newMonth: boolean) {
  await tx.query(sql`DROP TABLE IF EXISTS pg_temp.rank_candidates`);
  await tx.query(sql`CREATE TEMPORARY TABLE rank_candidates (member_id bigint PRIMARY KEY) ON COMMIT DROP`);
  await tx.query(
    sql`WITH taken AS (DELETE FROM rank_changes RETURNING member_id)
        INSERT INTO pg_temp.rank_candidates (member_id)
        SELECT member_id FROM taken
         UNION SELECT m.sponsor_id FROM members m JOIN taken t ON t.member_id = m.user_id WHERE m.sponsor_id IS NOT NULL
         UNION SELECT h.member_id FROM member_ranks h JOIN ranks r ON r.id = h.rank_id WHERE r.kind = 'period'`,
  );
  if (periodBv && newMonth)
    await tx.query(
      sql`INSERT INTO pg_temp.rank_candidates (member_id) SELECT member_id FROM pg_temp.rank_period_bv ON CONFLICT DO NOTHING`,
    );
  else if (periodBv && at.closeDate !== null)
    await tx.query(
      sql`INSERT INTO pg_temp.rank_candidates (member_id)
          SELECT member_id FROM matching_bonuses WHERE close_date = ${at.closeDate}::date AND matched > 0 ON CONFLICT DO NOTHING`,
    );
  await tx.query(sql`ANALYZE pg_temp.rank_candidates`);
}

/**
 * The rank evaluation (docs/plan.md "Ranks", docs/decisions/0043-ranks.md),
 * in the caller's transaction, under the close lock: the daily close calls
 * it once after its records (plan/close.ts), an admin on demand
 * (`evaluateRanksNow`). Set-based: per active rank, lowest first, one
 * statement finds who meets it; a lifetime rank looks only at members who
 * have not reached it yet.
 *
 * - Every first time a member meets a rank is an achievement, once per
 *   member and rank (the primary key), dated `day`, with the rank's bonus.
 * - The rank a member holds is the highest lifetime rank reached or period
 *   rank met now; a lifetime rank is never taken back, a period rank is
 *   held while met and falls when not (no bonus again when regained).
 * - Ranks reached below count for the sponsors above in the next pass,
 *   repeated while a pass raises anyone (at most MAX_PASSES).
 * - Bonuses not credited yet are credited here (`postBulkCredits`, type
 *   `rank_bonus`) unless `closeReview` is on: then the pay of a close
 *   credits them (plan/pay.ts), as it does the matching bonuses.
 */
export async function evaluateRanks(
  tx: Sql,
  at: { day: string; closeDate: string | null; actorId: number | null },
): Promise<RankEvaluation> {
  const ranks = await readRanks(tx, true);
  const settings = await readSettings(tx);
  const outcome = { reached: 0, changed: 0 };
  if (ranks.length > 0) {
    if (ranks.some((r) => r.kind === 'period' && r.min_weaker_leg_bv !== null)) {
      await tx.query(sql`DROP TABLE IF EXISTS pg_temp.rank_period_bv`);
      await tx.query(
        sql`CREATE TEMPORARY TABLE rank_period_bv ON COMMIT DROP AS
            SELECT member_id, sum(matched) AS matched FROM matching_bonuses
             WHERE close_date >= ${monthStart(at.day)}::date AND close_date <= ${at.day}::date GROUP BY member_id`,
      );
      await tx.query(sql`CREATE UNIQUE INDEX ON pg_temp.rank_period_bv (member_id)`);
    }
    const state = (
      await tx.query<{ full_pass: boolean; last_day: string | null }>(
        sql`SELECT full_pass, to_char(last_day, 'YYYY-MM-DD') AS last_day FROM rank_evaluation FOR UPDATE`,
      )
    ).rows[0]!;
    const full = state.full_pass || state.last_day === null;
    const sponsored = ranks.some((r) => r.min_sponsored !== null);
    const ranked = ranks.some((r) => r.min_ranked_rank !== null);
    const periodBv = ranks.some((r) => r.kind === 'period' && r.min_weaker_leg_bv !== null);
    if (full) await tx.query(sql`DELETE FROM rank_changes`);
    else await readCandidates(tx, at, periodBv, monthStart(state.last_day!) !== monthStart(at.day));
    // The figures (package, lifetime weaker leg, active members sponsored) of every active member, or only the candidates.
    await tx.query(sql`DROP TABLE IF EXISTS pg_temp.rank_figures`);
    await tx.query(
      sql`CREATE TEMPORARY TABLE rank_figures ON COMMIT DROP AS
          ${figuresQuery(full ? null : sql`SELECT member_id FROM pg_temp.rank_candidates`, sponsored)}`,
    );
    // A temporary table has no statistics until analysed: without them the planner guesses its size.
    await tx.query(sql`ANALYZE pg_temp.rank_figures`);
    await tx.query(sql`DROP TABLE IF EXISTS pg_temp.rank_met`);
    await tx.query(
      sql`CREATE TEMPORARY TABLE rank_met (member_id bigint NOT NULL, rank_id bigint NOT NULL, position int NOT NULL, PRIMARY KEY (member_id, rank_id)) ON COMMIT DROP`,
    );
    let raised = 0;
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      raised = 0;
      for (const rank of ranks) {
        await tx.query(
          sql`INSERT INTO pg_temp.rank_met (member_id, rank_id, position) ${rankQuery(rank)} ON CONFLICT DO NOTHING`,
        );
        const reached = await tx.query(
          sql`INSERT INTO rank_achievements (member_id, rank_id, reached_on, close_date, bonus)
              SELECT member_id, rank_id, ${at.day}, ${at.closeDate}, ${rank.bonus} FROM pg_temp.rank_met
               WHERE rank_id = ${rank.id} ORDER BY member_id
              ON CONFLICT (member_id, rank_id) DO NOTHING`,
        );
        outcome.reached += reached.rowCount ?? 0;
        // Raised now, so the ranks above read it: this rank if higher than the one held.
        const up = await tx.query<{ member_id: number }>(
          sql`INSERT INTO member_ranks AS h (member_id, rank_id, since)
              SELECT member_id, rank_id, ${at.day} FROM pg_temp.rank_met WHERE rank_id = ${rank.id} ORDER BY member_id
              ON CONFLICT (member_id) DO UPDATE SET rank_id = EXCLUDED.rank_id, since = EXCLUDED.since
               WHERE h.rank_id <> EXCLUDED.rank_id
                 AND (SELECT r.position < ${rank.position} OR NOT r.active FROM ranks r WHERE r.id = h.rank_id)
              RETURNING h.member_id`,
        );
        raised += up.rowCount ?? 0;
        // Their sponsors' figures changed: read from the next rank on, as a full pass would.
        if (!full && ranked && up.rows.length > 0)
          await tx.query(
            sql`INSERT INTO pg_temp.rank_figures
                ${figuresQuery(
                  sql`SELECT DISTINCT m.sponsor_id FROM members m WHERE m.user_id = ANY(${up.rows.map((r) => r.member_id)}::bigint[])
                       AND m.sponsor_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM pg_temp.rank_figures f WHERE f.member_id = m.sponsor_id)`,
                  sponsored,
                )}`,
          );
      }
      outcome.changed += raised;
      if (raised === 0 || !ranked) break;
    }
    // Ranks raised by the last pass allowed, not yet read by their sponsors: the next evaluation looks at them.
    if (raised > 0 && ranked) await queueSponsors(tx, sql`SELECT member_id FROM member_ranks WHERE since = ${at.day}`);
    // Only a period rank, or a rank deactivated, can be lost: without any, nobody's rank can fall.
    const fallible = await tx.query(sql`SELECT 1 FROM ranks WHERE kind = 'period' OR NOT active LIMIT 1`);
    if (fallible.rows.length > 0) outcome.changed += await settleHeldRanks(tx, at.day);
  } else await tx.query(sql`DELETE FROM rank_changes`);
  await tx.query(sql`UPDATE rank_evaluation SET full_pass = ${ranks.length === 0}, last_day = ${at.day}`);
  const credited = settings.closeReview ? 0n : await creditRankBonuses(tx, at.actorId);
  const awaiting = BigInt(
    (
      await tx.query<{ total: string }>(
        sql`SELECT COALESCE(sum(bonus), 0)::text AS total FROM rank_achievements WHERE entry_id IS NULL AND bonus > 0`,
      )
    ).rows[0]!.total,
  );
  return { ...outcome, credited: fromBaseUnits(credited), awaitingPay: fromBaseUnits(awaiting) };
}

/**
 * Members holding a period rank they no longer meet (or a rank since
 * deactivated) fall to the highest lifetime rank they reached or period
 * rank they meet now; with none, they hold no rank. Only those rows are read.
 */
async function settleHeldRanks(tx: Sql, day: string): Promise<number> {
  await tx.query(sql`DROP TABLE IF EXISTS pg_temp.rank_stale`);
  await tx.query(
    sql`CREATE TEMPORARY TABLE rank_stale ON COMMIT DROP AS
        SELECT DISTINCT ON (s.member_id) s.member_id, c.rank_id
          FROM (SELECT h.member_id FROM member_ranks h JOIN ranks r ON r.id = h.rank_id
                 WHERE (r.kind = 'period' OR NOT r.active)
                   AND NOT EXISTS (SELECT 1 FROM pg_temp.rank_met t WHERE t.member_id = h.member_id AND t.rank_id = h.rank_id)) s
          LEFT JOIN (SELECT a.member_id, a.rank_id, r.position FROM rank_achievements a JOIN ranks r ON r.id = a.rank_id
                      WHERE r.active AND r.kind = 'lifetime'
                     UNION ALL
                     SELECT t.member_id, t.rank_id, t.position FROM pg_temp.rank_met t) c ON c.member_id = s.member_id
         ORDER BY s.member_id, c.position DESC NULLS LAST`,
  );
  const lowered = await tx.query(
    sql`UPDATE member_ranks h SET rank_id = s.rank_id, since = ${day} FROM pg_temp.rank_stale s
         WHERE h.member_id = s.member_id AND s.rank_id IS NOT NULL AND h.rank_id <> s.rank_id`,
  );
  const ended = await tx.query(
    sql`DELETE FROM member_ranks h USING pg_temp.rank_stale s WHERE h.member_id = s.member_id AND s.rank_id IS NULL`,
  );
  // A rank fallen counts less for the sponsor: the next evaluation looks at them, as a full pass would.
  await queueSponsors(tx, sql`SELECT member_id FROM pg_temp.rank_stale`);
  return (lowered.rowCount ?? 0) + (ended.rowCount ?? 0);
}

/**
 * Credits every achievement whose bonus has not been credited yet: one
 * bulk credit per rank (a member is credited at most once per bulk), from
 * `bonus_expense` to the income wallet, and the achievement names its
 * entry. Returns the total credited. The evaluation calls it with review
 * off, the pay of a reviewed close with it on (plan/pay.ts); both hold the
 * close lock, so a bonus is credited once.
 */
export async function creditRankBonuses(tx: Sql, actorId: number | null): Promise<bigint> {
  const due = (
    await tx.query<{ rank_id: number; name: string; total: string }>(
      sql`SELECT a.rank_id::int AS rank_id, r.name, sum(a.bonus)::text AS total
            FROM rank_achievements a JOIN ranks r ON r.id = a.rank_id
           WHERE a.entry_id IS NULL AND a.bonus > 0 GROUP BY a.rank_id, r.name ORDER BY a.rank_id`,
    )
  ).rows;
  let total = 0n;
  for (const rank of due) {
    await tx.query(sql`DROP TABLE IF EXISTS pg_temp.rank_credits`);
    await tx.query(
      sql`CREATE TEMPORARY TABLE rank_credits ON COMMIT DROP AS
          SELECT member_id, bonus AS amount FROM rank_achievements
           WHERE rank_id = ${rank.rank_id} AND entry_id IS NULL AND bonus > 0`,
    );
    const { lines } = await postBulkCredits(tx, {
      type: 'rank_bonus',
      memo: `Rank bonus: ${rank.name}`,
      actorId,
      refs: { rankId: rank.rank_id, rank: rank.name },
      from: 'bonus_expense',
      wallet: 'income',
      source: 'rank_credits',
    });
    await tx.query(
      sql`UPDATE rank_achievements a SET entry_id = l.entry_id FROM ${lines} l
           WHERE a.member_id = l.member_id AND a.rank_id = ${rank.rank_id}`,
    );
    total += BigInt(rank.total);
  }
  return total;
}

/**
 * An admin's "evaluate ranks now": under the close lock (a close and an
 * evaluation take turns), audited, idempotent (a second run finds nothing
 * new and credits nothing). Reads the leg figures as the roll-up left them.
 */
export async function evaluateRanksNow(ctx: AppContext, actor: Actor): Promise<RankEvaluation> {
  return ctx.db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.planClose})`);
    const day = ctx.now().toISOString().slice(0, 10);
    const result = await evaluateRanks(tx, { day, closeDate: null, actorId: actor.userId });
    await writeAudit(tx, { actor, action: 'ranks.evaluate', targetType: 'rank', details: { day, result } });
    return result;
  });
}
