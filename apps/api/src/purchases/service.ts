import {
  referralLevelPercents,
  type Purchase,
  type PurchaseBody,
} from '@portal/contract';
import type { AppContext } from '../context';
import { refusedSession } from '../http/guard';
import { groupCommit } from '../db/group-commit';
import type { Sql } from '../db/database';
import { purchaseAnswer, storedPurchase, type PurchaseResult } from './answer';
import { hashRequest, storedAnswer, type IdempotentAnswer } from '../ledger/idempotency';
import { insufficientBalance } from '../ledger/post';
import { percentToPpm } from '../plan/rules';
import { lastReadSettings, readVersionedSettings } from '../settings/service';
import { notFound, unprocessable } from '../shared/errors';
import { sql } from '../db/sql';

/** One purchase as it goes to `plan_purchases`. */
interface PurchaseRequest {
  buyer: number;
  session: string | null;
  package: number;
  key: string | null;
  hash: string | null;
}

/** One purchase's outcome: done, a repeated key's stored answer (or the first request's hash while it runs), or refused. */
type PurchaseOutcome =
  | { replayed: boolean; hash?: string; status?: number | null; response: PurchaseResult | Purchase | null }
  | { refused: string; detail?: string | null };

async function packagePrice(db: Sql, packageId: number): Promise<bigint> {
  const { rows } = await db.query<{ price: string }>(sql`SELECT price::text AS price FROM packages WHERE id = ${packageId}`);
  return BigInt(rows[0]?.price ?? '0');
}

/**
 * Runs a group of purchases in one statement with the referral rates this
 * process read last; `plan_purchases` refuses the group with
 * SETTINGS_CHANGED unless they are the settings in force when it runs, and
 * the group runs again with the settings read anew.
 */
function purchaseGroups(db: Sql) {
  return async function runPurchases(requests: PurchaseRequest[]): Promise<PurchaseOutcome[]> {
    let known = lastReadSettings() ?? (await readVersionedSettings(db));
    for (let attempt = 1; ; attempt += 1) {
      const percents = referralLevelPercents(known.settings);
      const ppms = percents.map((percent) => percentToPpm(percent).toString());
      try {
        const { rows } = await db.query<{ outcomes: PurchaseOutcome[] }>(
          sql`SELECT plan_purchases(${JSON.stringify(requests)}::jsonb, ${ppms}::numeric[], ${percents}::text[], ${known.version}::uuid) AS outcomes`,
        );
        return rows[0]!.outcomes;
      } catch (error) {
        if ((error as { code?: string }).code !== 'PT409' || attempt >= 5) throw error;
        known = await readVersionedSettings(db);
      }
    }
  };
}

/** Purchase and repurchase of packages (PRODUCT.md §4) with the referral bonus (§5). */
export function createPurchaseService(ctx: AppContext) {
  const { db } = ctx;
  const sendPurchase = groupCommit(purchaseGroups(db), { maxGroup: 32, concurrency: 1 });

  /** A refusal in words. */
  async function refusal(memberId: number, body: PurchaseBody, code: string, detail: string | null | undefined): Promise<Error> {
    switch (code) {
      case 'MEMBER_NOT_FOUND':
        return notFound('MEMBER_NOT_FOUND', 'Only network members can buy packages.');
      case 'PACKAGE_NOT_FOUND':
        return notFound('PACKAGE_NOT_FOUND', 'No package has this id.');
      case 'PACKAGE_INACTIVE':
        return unprocessable('PACKAGE_INACTIVE', `The ${detail} package is no longer on sale. Choose another package.`, 'packageId');
      case 'INSUFFICIENT_BALANCE':
        return insufficientBalance({ member: memberId, wallet: 'deposit' }, BigInt(detail ?? '0'), await packagePrice(db, body.packageId));
      default:
        return refusedSession(code) ?? new Error(`plan_purchases refused with ${code}`);
    }
  }

  return {
    /**
     * The purchase joins the group going to the database next (ADR 0025):
     * one statement (`plan_purchases`, apps/api/sql/functions/plan_purchases.sql) runs the group's
     * purchases in order and one commit ends them. Each is checked as alone:
     * its session when `uncheckedSessionId` is given, its key, the member,
     * the package and the balance; it writes the records, posts the entry
     * with the referral bonuses and stores the answer. A refusal is its own
     * outcome; a repeated key gets the stored answer without moving anything.
     */
    async buy(memberId: number, body: PurchaseBody, idempotencyKey?: string, uncheckedSessionId?: string): Promise<IdempotentAnswer<Purchase>> {
      const requestHash = idempotencyKey === undefined ? null : hashRequest(body);
      let outcome: PurchaseOutcome;
      try {
        outcome = await sendPurchase({ buyer: memberId, session: uncheckedSessionId ?? null, package: body.packageId, key: idempotencyKey ?? null, hash: requestHash });
      } catch (error) {
        const e = error as { code?: string; message?: string; detail?: string };
        // Only reachable if a balance moved outside the statement's lock.
        if ((e?.code === 'PT422' && e.message === 'INSUFFICIENT_BALANCE') || (e?.code === '23514' && String(e.message).includes('member_balance_not_negative'))) {
          throw await refusal(memberId, body, 'INSUFFICIENT_BALANCE', e.code === 'PT422' ? e.detail : undefined);
        }
        throw error;
      }
      if ('refused' in outcome) throw await refusal(memberId, body, outcome.refused, outcome.detail);
      if (!outcome.replayed) return { status: 201, body: purchaseAnswer(outcome.response as PurchaseResult), replayed: false };
      const stored = storedAnswer<PurchaseResult | Purchase>(outcome.hash ?? undefined, requestHash!, outcome.status ?? null, outcome.response);
      return { ...stored, body: storedPurchase(stored.body) };
    },
  };
}

/** Placement hook: the BV a member bought while unplaced becomes a volume event (inside the placement's transaction). */
export async function releasePendingVolume(tx: Sql, memberId: number): Promise<void> {
  const { rows } = await tx.query<{ pending: string }>(
    sql`SELECT pending_volume::text AS pending FROM members WHERE user_id = ${memberId} AND pending_volume > 0 FOR UPDATE`,
  );
  if (rows.length === 0) return;
  await tx.query(sql`UPDATE members SET pending_volume = 0 WHERE user_id = ${memberId}`);
  await tx.query(sql`INSERT INTO network_events (member_id, kind, volume) VALUES (${memberId}, 'volume', ${rows[0]!.pending})`);
}
