import {
  fromBaseUnits,
  referralLevelPercents,
  type Purchase,
  type PurchaseBody,
  type PurchaseKind,
  type PurchaseListQuery,
} from '@portal/contract';
import type { AppContext } from '../context';
import { sessionRefusal } from '../auth/guard';
import type { Sql } from '../db/database';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { insufficientBalance } from '../ledger/post';
import { bvText } from '../packages/service';
import { percentToPpm } from '../plan/rules';
import { lastReadSettings, readVersionedSettings } from '../settings/service';
import { notFound, unprocessable } from '../shared/errors';
import { SqlFilter, whereDays } from '../shared/sql-filter';

/** What plan_purchase answers (amounts in base units, as text). */
interface PurchaseResult {
  purchaseId: number;
  entryId: number;
  kind: PurchaseKind;
  packageId: number;
  packageName: string;
  price: string;
  bv: string;
  paid: Array<{ memberId: number; level: number; username: string; amount: string }>;
  volumePending: boolean;
  createdAtMs: number;
}

async function packagePrice(sql: Sql, packageId: number): Promise<bigint> {
  const { rows } = await sql.query<{ price: string }>('SELECT price::text AS price FROM packages WHERE id = $1', [packageId]);
  return BigInt(rows[0]?.price ?? '0');
}

/** Purchase and repurchase of packages (PRODUCT.md §4) with the referral bonus (§5). */
export function createPurchaseService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /**
     * One statement (`plan_purchase`, migration 0014) locks, checks, writes
     * the records and posts the entry, with the referral rates this process
     * read last; it refuses them (SETTINGS_CHANGED) unless they are the
     * settings in force, and the purchase is retried with the settings read
     * again. With an Idempotency-Key it runs inside runIdempotent's
     * transaction, which claims the key and stores the answer. The session
     * is checked in the statement when `uncheckedSessionId` is given.
     */
    async buy(memberId: number, body: PurchaseBody, idempotencyKey?: string, uncheckedSessionId?: string): Promise<IdempotentAnswer<Purchase>> {
      let known = lastReadSettings() ?? (await readVersionedSettings(db));
      for (let attempt = 1; ; attempt += 1) {
        const percents = referralLevelPercents(known.settings);
        const work = async (sql: Sql) => {
          const { rows } = await sql.query<{ result: PurchaseResult }>('SELECT plan_purchase($1, $2, $3, $4::numeric[], $5::text[], $6::uuid) AS result', [
            memberId,
            uncheckedSessionId ?? null,
            body.packageId,
            percents.map((percent) => percentToPpm(percent).toString()),
            percents,
            known.version,
          ]);
          const r = rows[0]!.result;
          return {
            status: 201,
            body: {
              id: r.purchaseId,
              entryId: r.entryId,
              kind: r.kind,
              package: { id: r.packageId, name: r.packageName },
              price: fromBaseUnits(BigInt(r.price)),
              bv: bvText(r.bv),
              referralPaid: r.paid.map((p) => ({ level: p.level, username: p.username, rate: percents[p.level - 1]!, amount: fromBaseUnits(BigInt(p.amount)) })),
              volumePending: r.volumePending,
              createdAt: new Date(r.createdAtMs).toISOString(),
            } satisfies Purchase,
          };
        };
        try {
          if (idempotencyKey === undefined) return { ...(await work(db)), replayed: false };
          // A repeated key answers without running the statement: the session first.
          if (uncheckedSessionId) await db.query('SELECT auth_check_session($1, $2)', [uncheckedSessionId, memberId]);
          return await runIdempotent(db, { userId: memberId, operation: 'purchase', key: idempotencyKey, request: body }, work);
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

    async list(memberId: number, query: PurchaseListQuery, window: { limit: number; offset: number }) {
      const filter = new SqlFilter();
      filter.where(`p.member_id = ${filter.param(memberId)}`);
      if (query.kind) filter.where(`p.kind = ${filter.param(query.kind)}`);
      whereDays(filter, 'p.created_at', query.from, query.to);
      const from = `purchases p JOIN packages k ON k.id = p.package_id ${filter.sql}`;
      const countParams = [...filter.params];
      const [count, page] = await Promise.all([
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, countParams),
        db.query<{ id: number; entry_id: number; kind: PurchaseKind; package_id: number; name: string; price: string; bv: string; created_at: Date }>(
          `SELECT p.id, p.entry_id, p.kind, p.package_id, k.name, p.price::text AS price, p.bv::text AS bv, p.created_at
             FROM ${from} ORDER BY p.id DESC
            LIMIT ${filter.param(window.limit)} OFFSET ${filter.param(window.offset)}`,
          filter.params,
        ),
      ]);
      return {
        total: count.rows[0]!.total,
        items: page.rows.map((row) => ({
          id: row.id,
          entryId: row.entry_id,
          kind: row.kind,
          package: { id: row.package_id, name: row.name },
          price: fromBaseUnits(BigInt(row.price)),
          bv: bvText(row.bv),
          createdAt: new Date(row.created_at).toISOString(),
        })),
      };
    },
  };
}

/** Placement hook: the BV a member bought while unplaced becomes a volume event (inside the placement's transaction). */
export async function releasePendingVolume(tx: Sql, memberId: number): Promise<void> {
  const { rows } = await tx.query<{ pending: string }>(
    'SELECT pending_volume::text AS pending FROM members WHERE user_id = $1 AND pending_volume > 0 FOR UPDATE',
    [memberId],
  );
  if (rows.length === 0) return;
  await tx.query('UPDATE members SET pending_volume = 0 WHERE user_id = $1', [memberId]);
  await tx.query(`INSERT INTO network_events (member_id, kind, volume) VALUES ($1, 'volume', $2)`, [memberId, rows[0]!.pending]);
}
