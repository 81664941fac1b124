import {
  fromBaseUnits,
  toBaseUnits,
  type Rank,
  type RankCreate,
  type RankOrder,
  type RankPatch,
  type RankRequirements,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { writeAudit, type Actor } from '../audit/write-audit';
import { notFound, unprocessable } from '../shared/errors';
import { auditChanged, auditCreated, writeNamedRow, type CatalogueKind } from '../catalogue/write';
import { sql } from '../platform/db/sql';
import { bvText } from '../shared/bv';

/**
 * The rank ladder an admin defines (docs/plan.md "Ranks"): create, edit,
 * reorder, deactivate, each audited in its transaction. Evaluations read
 * the ranks when they run, so a change applies to later evaluations;
 * achievements already recorded (and their bonuses) stay.
 */
export interface RankRow {
  id: number;
  position: number;
  name: string;
  colour: string;
  kind: 'lifetime' | 'period';
  min_package_id: number | null;
  min_sponsored: number | null;
  min_weaker_leg_bv: string | null;
  min_ranked_rank: number | null;
  min_ranked_count: number | null;
  bonus: string;
  active: boolean;
}

export const RANK_COLUMNS = sql`r.id::int AS id, r.position, r.name, r.colour, r.kind, r.min_package_id::int AS min_package_id,
  r.min_sponsored, r.min_weaker_leg_bv::text AS min_weaker_leg_bv, r.min_ranked_rank::int AS min_ranked_rank,
  r.min_ranked_count, r.bonus::text AS bonus, r.active`;

export const requirementsOf = (row: RankRow): RankRequirements => ({
  minPackageId: row.min_package_id,
  minSponsored: row.min_sponsored,
  minWeakerLegBv: row.min_weaker_leg_bv === null ? null : bvText(row.min_weaker_leg_bv),
  minRanked: row.min_ranked_rank === null ? null : { rankId: row.min_ranked_rank, count: row.min_ranked_count ?? 1 },
});

type RankListRow = RankRow & { holders: number; reached: number };

const toRank = (row: RankListRow): Rank => ({
  id: row.id,
  position: row.position,
  name: row.name,
  colour: row.colour,
  kind: row.kind,
  requirements: requirementsOf(row),
  bonus: fromBaseUnits(BigInt(row.bonus)),
  active: row.active,
  holders: row.holders,
  reached: row.reached,
});

const RANK: CatalogueKind = { kind: 'rank', nameTaken: 'RANK_NAME_TAKEN' };

/** Every rank in order, lowest first; `activeOnly` for the member's ladder and the evaluation. */
export async function readRanks(db: Sql, activeOnly = false): Promise<RankRow[]> {
  const { rows } = await db.query<RankRow>(
    sql`SELECT ${RANK_COLUMNS} FROM ranks r ${activeOnly ? sql`WHERE r.active` : sql.empty} ORDER BY r.position`,
  );
  return rows;
}

/** The admin's list, with how many hold each rank now (member_ranks_rank_idx) and how many ever reached it. */
export async function listRanks(db: Sql): Promise<Rank[]> {
  const { rows } = await db.query<RankListRow>(
    sql`SELECT ${RANK_COLUMNS},
              (SELECT count(*) FROM member_ranks h WHERE h.rank_id = r.id)::int AS holders,
              (SELECT count(*) FROM rank_achievements a WHERE a.rank_id = r.id)::int AS reached
         FROM ranks r ORDER BY r.position`,
  );
  return rows.map(toRank);
}

async function readRank(db: Sql, id: number): Promise<Rank> {
  const rank = (await listRanks(db)).find((r) => r.id === id);
  if (!rank) throw notFound('RANK_NOT_FOUND', 'No rank has this id.');
  return rank;
}

/** The requirements as columns, checked: the package exists, the rank named below is earlier in the order. */
async function requirementColumns(tx: Sql, requirements: RankRequirements, position: number) {
  if (requirements.minPackageId !== null) {
    const found = await tx.query(sql`SELECT 1 FROM packages WHERE id = ${requirements.minPackageId}`);
    if (found.rows.length === 0)
      throw unprocessable('RANK_REQUIREMENT_INVALID', 'The package the rank asks for does not exist.', 'minPackageId');
  }
  if (requirements.minRanked !== null) {
    const below = (
      await tx.query<{ position: number }>(sql`SELECT position FROM ranks WHERE id = ${requirements.minRanked.rankId}`)
    ).rows[0];
    if (!below || below.position >= position)
      throw unprocessable(
        'RANK_REQUIREMENT_INVALID',
        'The rank asked of sponsored members must be an existing rank earlier in the order than this one.',
        'minRanked.rankId',
      );
  }
  return {
    minPackageId: requirements.minPackageId,
    minSponsored: requirements.minSponsored,
    minWeakerLegBv: requirements.minWeakerLegBv,
    minRankedRank: requirements.minRanked?.rankId ?? null,
    minRankedCount: requirements.minRanked?.count ?? null,
  };
}

/** What the audit compares: the requirements flattened, so an unchanged one is not a change. */
const audited = (rank: Rank) => ({
  id: rank.id,
  name: rank.name,
  colour: rank.colour,
  kind: rank.kind,
  bonus: rank.bonus,
  active: rank.active,
  requirements: JSON.stringify(rank.requirements),
});

export async function createRank(ctx: AppContext, actor: Actor, body: RankCreate): Promise<Rank> {
  return ctx.db.transaction(async (tx) => {
    await tx.query(sql`LOCK TABLE ranks IN SHARE ROW EXCLUSIVE MODE`);
    const position = (await tx.query<{ next: number }>(sql`SELECT COALESCE(max(position), 0) + 1 AS next FROM ranks`))
      .rows[0]!.next;
    const c = await requirementColumns(tx, body.requirements, position);
    const { id } = await writeNamedRow<{ id: number }>(
      tx,
      RANK,
      body.name,
      sql`INSERT INTO ranks (position, name, colour, kind, min_package_id, min_sponsored, min_weaker_leg_bv, min_ranked_rank, min_ranked_count, bonus, active)
          VALUES (${position}, ${body.name}, ${body.colour}, ${body.kind}, ${c.minPackageId}, ${c.minSponsored}, ${c.minWeakerLegBv},
                  ${c.minRankedRank}, ${c.minRankedCount}, ${toBaseUnits(body.bonus).toString()}, ${body.active})
          RETURNING id::int AS id`,
    );
    const created = await readRank(tx, id);
    await auditCreated(tx, actor, RANK, created);
    return created;
  });
}

export async function updateRank(ctx: AppContext, actor: Actor, id: number, patch: RankPatch): Promise<Rank> {
  return ctx.db.transaction(async (tx) => {
    await tx.query(sql`LOCK TABLE ranks IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readRank(tx, id);
    const next = { ...before, ...patch, requirements: patch.requirements ?? before.requirements };
    const c = await requirementColumns(tx, next.requirements, before.position);
    await writeNamedRow(
      tx,
      RANK,
      next.name,
      sql`UPDATE ranks SET name = ${next.name}, colour = ${next.colour}, kind = ${next.kind}, min_package_id = ${c.minPackageId},
                 min_sponsored = ${c.minSponsored}, min_weaker_leg_bv = ${c.minWeakerLegBv}, min_ranked_rank = ${c.minRankedRank},
                 min_ranked_count = ${c.minRankedCount}, bonus = ${toBaseUnits(next.bonus).toString()}, active = ${next.active}, updated_at = now()
           WHERE id = ${id}`,
    );
    const after = await readRank(tx, id);
    await auditChanged(tx, actor, RANK, audited(before), audited(after), [
      'name',
      'colour',
      'kind',
      'bonus',
      'active',
      'requirements',
    ]);
    return after;
  });
}

/**
 * A new order, lowest first: every rank's id once. A rank that asks for a
 * rank of sponsored members must stay above that rank.
 */
export async function orderRanks(ctx: AppContext, actor: Actor, body: RankOrder): Promise<Rank[]> {
  return ctx.db.transaction(async (tx) => {
    await tx.query(sql`LOCK TABLE ranks IN SHARE ROW EXCLUSIVE MODE`);
    const ranks = await readRanks(tx);
    const ids = body.ids;
    if (ids.length !== ranks.length || new Set(ids).size !== ids.length || !ranks.every((r) => ids.includes(r.id)))
      throw unprocessable('RANK_ORDER_INVALID', 'Send every rank id exactly once, lowest rank first.', 'ids');
    const at = new Map(ids.map((id, index) => [id, index + 1]));
    for (const rank of ranks)
      if (rank.min_ranked_rank !== null && at.get(rank.min_ranked_rank)! >= at.get(rank.id)!)
        throw unprocessable(
          'RANK_REQUIREMENT_INVALID',
          `${rank.name} asks for sponsored members of a rank that would no longer be below it.`,
          'ids',
        );
    await tx.query(
      sql`UPDATE ranks r SET position = o.position, updated_at = now()
            FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS o(id, position) WHERE r.id = o.id AND r.position <> o.position`,
    );
    await writeAudit(tx, {
      actor,
      action: 'rank.order',
      targetType: 'rank',
      details: { from: ranks.map((r) => r.name), to: ids.map((id) => ranks.find((r) => r.id === id)!.name) },
    });
    return listRanks(tx);
  });
}
