import {
  fromBaseUnits,
  referralLevelPercents,
  type Purchase,
  type PurchaseBody,
  type PurchaseKind,
  type PurchaseListQuery,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { postEntry, type PostingLine } from '../ledger/post';
import { findPackage, bvText } from '../packages/service';
import { percentToPpm, referralPayouts, type Upline } from '../plan/rules';
import { readSettings } from '../settings/service';
import { notFound, unprocessable } from '../shared/errors';
import { SqlFilter, whereDays } from '../shared/sql-filter';

interface UplineRow {
  user_id: number;
  level: number;
  active: boolean;
  username: string;
}

/** The buyer's sponsor (level 1) and up, `levels` deep, with who is active now. */
async function sponsorUplines(tx: Sql, buyerId: number, levels: number): Promise<UplineRow[]> {
  if (levels === 0) return [];
  const { rows } = await tx.query<UplineRow>(
    `WITH RECURSIVE up (user_id, sponsor_id, level) AS (
       SELECT s.user_id, s.sponsor_id, 1 FROM members b JOIN members s ON s.user_id = b.sponsor_id WHERE b.user_id = $1
       UNION ALL
       SELECT s.user_id, s.sponsor_id, up.level + 1 FROM up JOIN members s ON s.user_id = up.sponsor_id WHERE up.level < $2
     )
     SELECT up.user_id, up.level, m.active, u.username
       FROM up JOIN members m ON m.user_id = up.user_id JOIN users u ON u.id = up.user_id
      ORDER BY up.level`,
    [buyerId, levels],
  );
  return rows;
}

/**
 * The buyer's BV joins the placement ancestors' legs through the network
 * roll-up: one volume event, never an update of the ancestors here. A buyer
 * not yet placed keeps it as pending volume; placement turns it into the
 * event (network/placement.ts calls `releasePendingVolume`).
 */
async function addVolume(tx: Sql, memberId: number, bv: string): Promise<boolean> {
  if (/^0(\.0*)?$/.test(bv)) return false;
  const { rows } = await tx.query<{ placed: boolean }>('SELECT EXISTS (SELECT 1 FROM network_nodes WHERE member_id = $1) AS placed', [memberId]);
  if (rows[0]!.placed) {
    await tx.query(`INSERT INTO network_events (member_id, kind, volume) VALUES ($1, 'volume', $2)`, [memberId, bv]);
    return false;
  }
  await tx.query('UPDATE members SET pending_volume = pending_volume + $2 WHERE user_id = $1', [memberId, bv]);
  return true;
}

/** Purchase and repurchase of packages (PRODUCT.md §4) with the referral bonus (§5). */
export function createPurchaseService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async buy(memberId: number, body: PurchaseBody, idempotencyKey?: string): Promise<IdempotentAnswer<Purchase>> {
      return runIdempotent(db, { userId: memberId, operation: 'purchase', key: idempotencyKey, request: body }, async (tx) => {
        // The member row first: one purchase of a member at a time decides
        // purchase vs repurchase, and a placement (FOR UPDATE) waits for us or
        // we for it. NO KEY UPDATE, not UPDATE: other purchases below this
        // member insert bonus rows referencing it (FOR KEY SHARE), and must
        // not wait on it while holding income wallets it needs (a deadlock).
        const buyer = (
          await tx.query<{ active: boolean; package_price: string | null; username: string }>(
            `SELECT m.active, m.package_price::text AS package_price, u.username
               FROM members m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1 FOR NO KEY UPDATE OF m`,
            [memberId],
          )
        ).rows[0];
        if (!buyer) throw notFound('MEMBER_NOT_FOUND', 'Only network members can buy packages.');
        const pkg = await findPackage(tx, body.packageId, true);
        if (!pkg) throw notFound('PACKAGE_NOT_FOUND', 'No package has this id.');
        if (!pkg.active) throw unprocessable('PACKAGE_INACTIVE', `The ${pkg.name} package is no longer on sale. Choose another package.`, 'packageId');

        const price = BigInt(pkg.price);
        const settings = await readSettings(tx);
        const percents = referralLevelPercents(settings);
        const uplines = await sponsorUplines(tx, memberId, percents.length);
        const payouts = referralPayouts(
          price,
          uplines.map((u): Upline => ({ memberId: u.user_id, active: u.active })),
          percents.map(percentToPpm),
        );
        const paidTotal = payouts.reduce((sum, p) => sum + p.amount, 0n);
        const kind: PurchaseKind = buyer.active ? 'repurchase' : 'purchase';

        const lines: PostingLine[] = [
          { account: { member: memberId, wallet: 'deposit' }, amount: -price },
          { account: { system: 'company_revenue' }, amount: price },
          { account: { system: 'bonus_expense' }, amount: -paidTotal },
          ...payouts.map((p) => ({ account: { member: p.memberId, wallet: 'income' as const }, amount: p.amount })),
        ];
        const entry = await postEntry(tx, {
          type: kind,
          memo: `${kind === 'purchase' ? 'Purchase' : 'Repurchase'} of ${pkg.name} by ${buyer.username}`,
          actorId: memberId,
          refs: { buyer: buyer.username, package: pkg.name, packageId: Number(pkg.id) },
          lines,
        });

        const bv = bvText(pkg.bv);
        const purchase = (
          await tx.query<{ id: number; created_at: Date }>(
            `INSERT INTO purchases (entry_id, member_id, package_id, kind, price, bv, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at`,
            [entry.id, memberId, pkg.id, kind, pkg.price, bv, entry.createdAt],
          )
        ).rows[0]!;
        const byId = new Map(uplines.map((u) => [u.user_id, u]));
        if (payouts.length > 0) {
          await tx.query(
            `INSERT INTO referral_bonuses (purchase_id, entry_id, member_id, buyer_id, level, rate, base, amount, created_at)
             SELECT $1, $2, u.member_id, $3, u.level, u.rate, $4, u.amount, $5
               FROM unnest($6::bigint[], $7::int[], $8::text[], $9::numeric[]) AS u (member_id, level, rate, amount)`,
            [
              purchase.id,
              entry.id,
              memberId,
              pkg.price,
              entry.createdAt,
              payouts.map((p) => p.memberId),
              payouts.map((p) => p.level),
              payouts.map((p) => percents[p.level - 1]!),
              payouts.map((p) => p.amount.toString()),
            ],
          );
        }
        await tx.query(
          `UPDATE members SET active = true, activated_at = COALESCE(activated_at, $2),
                  package_id = CASE WHEN package_price IS NULL OR package_price < $3 THEN $4 ELSE package_id END,
                  package_price = GREATEST(COALESCE(package_price, 0), $3)
            WHERE user_id = $1`,
          [memberId, entry.createdAt, pkg.price, pkg.id],
        );
        const volumePending = await addVolume(tx, memberId, bv);

        return {
          status: 201,
          body: {
            id: purchase.id,
            entryId: entry.id,
            kind,
            package: { id: Number(pkg.id), name: pkg.name },
            price: fromBaseUnits(price),
            bv,
            referralPaid: payouts.map((p) => ({
              level: p.level,
              username: byId.get(p.memberId)!.username,
              rate: percents[p.level - 1]!,
              amount: fromBaseUnits(p.amount),
            })),
            volumePending,
            createdAt: new Date(purchase.created_at).toISOString(),
          },
        };
      });
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
