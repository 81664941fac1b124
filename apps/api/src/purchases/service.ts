import {
  referralLevelPercents,
  type Purchase,
  type PurchaseBody,
} from '@portal/contract';
import type { AppContext } from '../context';
import { sessionRefusal } from '../auth/guard';
import type { Sql } from '../db/database';
import { purchaseAnswer, storedPurchase, type PurchaseResult } from './answer';
import { hashRequest, storedAnswer, type IdempotentAnswer } from '../ledger/idempotency';
import { insufficientBalance } from '../ledger/post';
import { percentToPpm } from '../plan/rules';
import { lastReadSettings, readVersionedSettings } from '../settings/service';
import { notFound, unprocessable } from '../shared/errors';
import { sql } from '../db/sql';

/** What plan_purchase returns: its result, or a repeated key's stored answer (or the first request's hash while it runs). */
interface StatementAnswer {
  replayed: boolean;
  hash?: string;
  status?: number | null;
  response: PurchaseResult | Purchase | null;
}

async function packagePrice(db: Sql, packageId: number): Promise<bigint> {
  const { rows } = await db.query<{ price: string }>(sql`SELECT price::text AS price FROM packages WHERE id = ${packageId}`);
  return BigInt(rows[0]?.price ?? '0');
}

/** Purchase and repurchase of packages (PRODUCT.md §4) with the referral bonus (§5). */
export function createPurchaseService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /**
     * One statement (`plan_purchase`, migrations 0014 and 0017) checks the
     * session when `uncheckedSessionId` is given, claims the key, locks,
     * checks, writes the records, posts the entry and stores the answer, with
     * the referral rates this process read last; it refuses them
     * (SETTINGS_CHANGED) unless they are the settings in force, and the
     * purchase is retried with the settings read again. A repeated key gets
     * the stored answer without moving anything.
     */
    async buy(memberId: number, body: PurchaseBody, idempotencyKey?: string, uncheckedSessionId?: string): Promise<IdempotentAnswer<Purchase>> {
      const requestHash = idempotencyKey === undefined ? null : hashRequest(body);
      let known = lastReadSettings() ?? (await readVersionedSettings(db));
      for (let attempt = 1; ; attempt += 1) {
        const percents = referralLevelPercents(known.settings);
        const ppms = percents.map((percent) => percentToPpm(percent).toString());
        try {
          const { rows } = await db.query<{ answer: StatementAnswer }>(
            sql`SELECT plan_purchase(${memberId}, ${uncheckedSessionId ?? null}, ${body.packageId}, ${ppms}::numeric[], ${percents}::text[], ${known.version}::uuid,
                                    ${idempotencyKey ?? null}, ${requestHash}) AS answer`,
          );
          const answer = rows[0]!.answer;
          if (!answer.replayed) return { status: 201, body: purchaseAnswer(answer.response as PurchaseResult), replayed: false };
          const stored = storedAnswer<PurchaseResult | Purchase>(answer.hash ?? undefined, requestHash!, answer.status ?? null, answer.response);
          return { ...stored, body: storedPurchase(stored.body) };
        } catch (error) {
          const e = error as { code?: string; message?: string; detail?: string };
          const sessionError = sessionRefusal(error);
          if (sessionError) throw sessionError;
          if (e?.code === 'PT409' && attempt < 5) {
            known = await readVersionedSettings(db);
            continue;
          }
          if (e?.code === 'PT404' && e.message === 'MEMBER_NOT_FOUND') throw notFound('MEMBER_NOT_FOUND', 'Only network members can buy packages.');
          if (e?.code === 'PT404' && e.message === 'PACKAGE_NOT_FOUND') throw notFound('PACKAGE_NOT_FOUND', 'No package has this id.');
          if (e?.code === 'PT422' && e.message === 'PACKAGE_INACTIVE') {
            throw unprocessable('PACKAGE_INACTIVE', `The ${e.detail} package is no longer on sale. Choose another package.`, 'packageId');
          }
          if (e?.code === 'PT422' && e.message === 'INSUFFICIENT_BALANCE') {
            const price = await packagePrice(db, body.packageId);
            throw insufficientBalance({ member: memberId, wallet: 'deposit' }, BigInt(e.detail ?? '0'), price);
          }
          // Only reachable if a balance moved outside the statement's lock.
          if (e?.code === '23514' && String(e.message).includes('member_balance_not_negative')) {
            throw unprocessable('INSUFFICIENT_BALANCE', 'Insufficient balance for this operation.');
          }
          throw error;
        }
      }
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
