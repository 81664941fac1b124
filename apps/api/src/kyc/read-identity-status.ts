import {
  fromBaseUnits,
  identitySides,
  policyLimit,
  type IdentityRequirement,
  type IdentityStatus,
  type IdentityStatusAnswer,
  type Settings,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { readSettings } from '../settings/in-force';
import { currentDocuments, iso } from './rows';

/** When the settings in force ask for an approved identity check before a withdrawal. */
export function identityRequirement(settings: Settings): IdentityRequirement {
  const above = policyLimit(settings.withdrawalIdentityCheckAbove);
  const above30Days = policyLimit(settings.withdrawalIdentityCheck30Days);
  return {
    always: settings.withdrawalIdentityCheckAlways,
    above: above === null ? null : fromBaseUnits(above),
    above30Days: above30Days === null ? null : fromBaseUnits(above30Days),
  };
}

/** The member's check status alone (`none` when they never uploaded), for the withdrawal gate. */
export async function identityStatusOf(db: Sql, userId: number): Promise<IdentityStatus> {
  const { rows } = await db.query<{ status: IdentityStatus }>(
    sql`SELECT status FROM identity_checks WHERE user_id = ${userId}`,
  );
  return rows[0]?.status ?? 'none';
}

/** What the member sees under Account settings → Identity: the state, the sides still missing, the rules in force. */
export async function readIdentityStatus(
  ctx: AppContext,
  userId: number,
  db: Sql = ctx.db,
): Promise<IdentityStatusAnswer> {
  const [settings, check] = await Promise.all([
    readSettings(db),
    db.query<{ status: IdentityStatus; reason: string | null; decided_at: Date | null }>(
      sql`SELECT status, reason, decided_at FROM identity_checks WHERE user_id = ${userId}`,
    ),
  ]);
  const row = check.rows[0];
  const documents = row ? ((await currentDocuments(db, [userId])).get(userId) ?? []) : [];
  const status = row?.status ?? 'none';
  // A rejected check's documents are those refused: every side is to be sent again.
  const missing =
    status === 'rejected'
      ? [...identitySides]
      : identitySides.filter((side) => !documents.some((d) => d.side === side));
  return {
    status,
    missing: status === 'approved' ? [] : missing,
    documents,
    reason: row?.reason ?? null,
    decidedAt: iso(row?.decided_at ?? null),
    required: identityRequirement(settings),
  };
}
