import type { Actor } from '../../apps/api/src/audit/write-audit';
import type { AppContext } from '../../apps/api/src/context';
import { createRank } from '../../apps/api/src/ranks/definitions';
import { sql } from '../../apps/api/src/platform/db/sql';

/**
 * The demo's rank ladder, added the way an admin adds it under Ranks
 * (ranks/definitions.ts createRank, audited) before the first day: the
 * daily closes that follow find who reaches what and pay each bonus once.
 */
export async function addDemoRanks(ctx: AppContext, admin: Actor): Promise<number> {
  const silver = (
    await ctx.db.query<{ id: number }>(sql`SELECT id::int AS id FROM packages WHERE lower(name) = 'silver'`)
  ).rows[0];
  const none = { minPackageId: null, minSponsored: null, minWeakerLegBv: null, minRanked: null };
  const bronze = await createRank(ctx, admin, {
    name: 'Bronze',
    colour: '#b87333',
    kind: 'lifetime',
    bonus: '10',
    active: true,
    requirements: { ...none, minSponsored: 1 },
  });
  await createRank(ctx, admin, {
    name: 'Silver Star',
    colour: '#78909c',
    kind: 'lifetime',
    bonus: '50',
    active: true,
    requirements: { ...none, minPackageId: silver?.id ?? null, minSponsored: 2, minWeakerLegBv: '1000' },
  });
  await createRank(ctx, admin, {
    name: 'Leader',
    colour: '#8e24aa',
    kind: 'lifetime',
    bonus: '100',
    active: true,
    requirements: { ...none, minWeakerLegBv: '3000', minRanked: { rankId: bronze.id, count: 2 } },
  });
  return 3;
}
