import { fromBaseUnits, type RankProgress, type RankRequirementProgress } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { bvToUnits, unitsToBv } from '../shared/bv';
import { readRanks, type RankRow } from './definitions';
import { monthStart } from './evaluate';

interface Figures {
  package_name: string | null;
  package_price: string | null;
  sponsored: number;
  lifetime_weaker: string;
  period_weaker: string;
}

const count = (needed: number, has: number) => ({
  needed: String(needed),
  has: String(has),
  missing: has >= needed ? null : String(needed - has),
  met: has >= needed,
});

/**
 * A member's rank and what the next one asks (docs/plan.md "Ranks"): for
 * each requirement, what is needed, what the member has, what is missing, in
 * the figures the evaluation reads (package, active sponsored members,
 * weaker-leg BV lifetime or matched this month, sponsored members' ranks).
 * The figures are as the roll-up left them; the rank itself changes at the
 * next evaluation (a close, or an admin's). No rank yet is `current: null`.
 */
export async function rankProgress(db: Sql, memberId: number, today: string): Promise<RankProgress> {
  const ranks = await readRanks(db, true);
  const held = (
    await db.query<{ rank_id: number; since: string }>(
      sql`SELECT rank_id::int AS rank_id, to_char(since, 'YYYY-MM-DD') AS since FROM member_ranks WHERE member_id = ${memberId}`,
    )
  ).rows[0];
  const reached = new Map(
    (
      await db.query<{ rank_id: number; reached_on: string }>(
        sql`SELECT rank_id::int AS rank_id, to_char(reached_on, 'YYYY-MM-DD') AS reached_on FROM rank_achievements WHERE member_id = ${memberId}`,
      )
    ).rows.map((r) => [r.rank_id, r.reached_on]),
  );
  const current = held ? ranks.find((r) => r.id === held.rank_id) : undefined;
  const next = ranks.find((r) => r.position > (current?.position ?? 0));

  return {
    current: current ? { id: current.id, name: current.name, colour: current.colour } : null,
    since: current ? held!.since : null,
    next: next
      ? {
          id: next.id,
          name: next.name,
          colour: next.colour,
          kind: next.kind,
          bonus: fromBaseUnits(BigInt(next.bonus)),
          requirements: await requirementsProgress(db, memberId, next, ranks, today),
        }
      : null,
    ladder: ranks.map((r) => ({
      id: r.id,
      position: r.position,
      name: r.name,
      colour: r.colour,
      kind: r.kind,
      bonus: fromBaseUnits(BigInt(r.bonus)),
      reachedOn: reached.get(r.id) ?? null,
    })),
  };
}

async function requirementsProgress(
  db: Sql,
  memberId: number,
  rank: RankRow,
  ranks: RankRow[],
  today: string,
): Promise<RankRequirementProgress[]> {
  const f = (
    await db.query<Figures>(
      sql`SELECT k.name AS package_name, m.package_price::text AS package_price,
                 (SELECT count(*) FROM members s WHERE s.sponsor_id = m.user_id AND s.active)::int AS sponsored,
                 COALESCE(least(n.left_lifetime_volume, n.right_lifetime_volume), 0)::text AS lifetime_weaker,
                 (SELECT COALESCE(sum(b.matched), 0) FROM matching_bonuses b
                   WHERE b.member_id = m.user_id AND b.close_date >= ${monthStart(today)}::date)::text AS period_weaker
            FROM members m LEFT JOIN packages k ON k.id = m.package_id LEFT JOIN network_nodes n ON n.member_id = m.user_id
           WHERE m.user_id = ${memberId}`,
    )
  ).rows[0]!;
  const out: RankRequirementProgress[] = [];
  if (rank.min_package_id !== null) {
    const wanted = (
      await db.query<{ name: string; price: string }>(
        sql`SELECT name, price::text AS price FROM packages WHERE id = ${rank.min_package_id}`,
      )
    ).rows[0]!;
    const met = f.package_price !== null && BigInt(f.package_price) >= BigInt(wanted.price);
    out.push({
      key: 'package',
      label: 'Own package',
      // The package's name (the member's own must be at least as dear) and the member's ('' without one):
      // the page says it in a sentence.
      needed: wanted.name,
      has: f.package_name ?? '',
      missing: met ? null : wanted.name,
      met,
    });
  }
  if (rank.min_sponsored !== null)
    out.push({ key: 'sponsored', label: 'Active members you sponsored', ...count(rank.min_sponsored, f.sponsored) });
  if (rank.min_weaker_leg_bv !== null) {
    const needed = bvToUnits(rank.min_weaker_leg_bv);
    const has = bvToUnits(rank.kind === 'lifetime' ? f.lifetime_weaker : f.period_weaker);
    out.push({
      key: 'weakerLegBv',
      label: rank.kind === 'lifetime' ? 'BV of your weaker leg (lifetime)' : 'BV matched this month (weaker leg)',
      needed: unitsToBv(needed),
      has: unitsToBv(has),
      missing: has >= needed ? null : unitsToBv(needed - has),
      met: has >= needed,
    });
  }
  if (rank.min_ranked_rank !== null) {
    const below = ranks.find((r) => r.id === rank.min_ranked_rank);
    const ranked = (
      await db.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM members s JOIN member_ranks h ON h.member_id = s.user_id JOIN ranks hr ON hr.id = h.rank_id
             WHERE s.sponsor_id = ${memberId} AND hr.position >= (SELECT position FROM ranks WHERE id = ${rank.min_ranked_rank})`,
      )
    ).rows[0]!.n;
    out.push({
      key: 'ranked',
      label: `Members you sponsored at ${below?.name ?? 'the rank asked'} or above`,
      ...count(rank.min_ranked_count ?? 1, ranked),
    });
  }
  return out;
}
