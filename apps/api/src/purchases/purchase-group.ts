import { referralLevelPercents, type Purchase } from '@portal/contract';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import type { StoredKey } from '../ledger/idempotency';
import { percentToPpm } from '../plan/rules';
import { runUnderSettingsInForce } from '../settings/service';
import type { PurchaseResult } from './answer';

/** One purchase as it goes to `plan_purchases`. */
export interface PurchaseRequest {
  buyer: number;
  session: string | null;
  package: number;
  key: string | null;
  hash: string | null;
}

/** One purchase's outcome: done, a repeated key's stored answer (or the first request's hash while it runs), or refused. */
export type PurchaseOutcome =
  | { replayed: false; response: PurchaseResult }
  | StoredKey<PurchaseResult | Purchase>
  | { refused: string; detail?: string | null };

/**
 * Runs a group of purchases in one statement (`plan_purchases`,
 * apps/api/sql/functions/plan_purchases.sql) with the referral rates in
 * force; the group commit of apps/api/src/money-groups.ts gathers them
 * (docs/decisions/0025-group-commit-for-the-hot-money-paths.md).
 */
export function runPurchaseGroup(db: Sql) {
  return (requests: PurchaseRequest[]): Promise<PurchaseOutcome[]> =>
    runUnderSettingsInForce(db, async (known) => {
      const percents = referralLevelPercents(known.settings);
      const ppms = percents.map((percent) => percentToPpm(percent).toString());
      const { rows } = await db.query<{ outcomes: PurchaseOutcome[] }>(
        sql`SELECT plan_purchases(${JSON.stringify(requests)}::jsonb, ${ppms}::numeric[], ${percents}::text[], ${known.version}::uuid) AS outcomes`,
      );
      return rows[0]!.outcomes;
    });
}
