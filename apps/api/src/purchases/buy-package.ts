import { referralLevelPercents, type Purchase, type PurchaseBody } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { groupCommit } from '../platform/db/group-commit';
import type { MemberMoneyInput } from '../shared/member-money-input';
import { answerOfOutcome, hashRequest, type GroupOutcome, type IdempotentAnswer } from '../ledger/idempotency';
import { isNegativeBalanceViolation } from '../ledger/post';
import { part } from '../per-process';
import { percentToPpm } from '../plan/rules';
import { runUnderSettingsInForce } from '../settings/in-force';
import { storedPurchase, type PurchaseResult } from './answer';
import { purchaseRefusal } from './refusal';

export type BuyPackageInput = MemberMoneyInput<PurchaseBody>;

/**
 * Purchase or repurchase of a package (PRODUCT.md §4) with the referral
 * bonus (§5). The purchase joins the group going to the database next
 * (`purchaseGroup`, below): one statement
 * (`runPurchaseGroup`, below) runs the group's purchases in
 * order and one commit ends them. Each is checked as alone: its session, its
 * key, the member, the package and the balance; it writes the records, posts
 * the entry with the referral bonuses and stores the answer. A refusal is its
 * own outcome; a repeated key gets the stored answer without moving anything.
 */
export async function buyPackage(ctx: AppContext, input: BuyPackageInput): Promise<IdempotentAnswer<Purchase>> {
  const { memberId, body, idempotencyKey, uncheckedSessionId } = input;
  const requestHash = idempotencyKey === undefined ? null : hashRequest(body);
  let outcome: PurchaseOutcome;
  try {
    outcome = await purchaseGroup(ctx)({
      buyer: memberId,
      session: uncheckedSessionId ?? null,
      package: body.packageId,
      key: idempotencyKey ?? null,
      hash: requestHash,
    });
  } catch (error) {
    const e = error as { code?: string; message?: string; detail?: string };
    // Only reachable if a balance moved outside the statement's lock.
    if ((e?.code === 'PT422' && e.message === 'INSUFFICIENT_BALANCE') || isNegativeBalanceViolation(e)) {
      throw await purchaseRefusal(
        ctx.db,
        memberId,
        body.packageId,
        'INSUFFICIENT_BALANCE',
        e.code === 'PT422' ? e.detail : undefined,
      );
    }
    throw error;
  }
  if ('refused' in outcome)
    throw await purchaseRefusal(ctx.db, memberId, body.packageId, outcome.refused, outcome.detail);
  return answerOfOutcome(outcome, requestHash, storedPurchase);
}

/** The purchases' group commit (docs/decisions/0025-group-commit-for-the-hot-money-paths.md): one queue per process and database, so every purchase of the process joins it. */
const PURCHASE_GROUP = part<(request: PurchaseRequest) => Promise<PurchaseOutcome>>('the purchases group commit');

const purchaseGroup = (ctx: AppContext) =>
  ctx.perProcess.of(PURCHASE_GROUP, () => groupCommit(runPurchaseGroup(ctx.db), { maxGroup: 32, concurrency: 1 }));

/** One purchase as it goes to `plan_purchases`. */
export interface PurchaseRequest {
  buyer: number;
  session: string | null;
  package: number;
  key: string | null;
  hash: string | null;
}

/** One purchase's outcome: done, a repeated key's stored answer (or the first request's hash while it runs), or refused. */
export type PurchaseOutcome = GroupOutcome<PurchaseResult, Purchase>;

/**
 * Runs a group of purchases in one statement (`plan_purchases`,
 * apps/api/sql/functions/plan_purchases.sql) with the referral rates in
 * force: what `purchaseGroup` runs for
 * the purchases that arrived together
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
