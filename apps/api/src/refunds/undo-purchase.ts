import { fromBaseUnits, type Refund, type RefundKind } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { ADVISORY_LOCKS } from '../platform/db/advisory-locks';
import { conflict, notFound } from '../shared/errors';
import { postEntry } from '../ledger/post';
import { closeInReview } from '../plan/close-rows';
import { takeOutVolume } from './recompute-matching';
import { clawBack } from './claw-back';

/** A purchase as the refund reads it. */
/** "Cancellation of carol's Gold (purchase #3)": how every line, report and statement names an undone purchase. */
export const undoneWhat = (kind: RefundKind, buyer: string, packageName: string, purchaseId: number | string): string =>
  `${kind === 'cancellation' ? 'Cancellation' : 'Refund'} of ${buyer}'s ${packageName} (purchase #${purchaseId})`;

export interface PurchaseToUndo {
  id: number;
  memberId: number;
  buyer: string;
  packageName: string;
  price: bigint;
  bv: string;
  createdAt: Date;
}

export interface UndoInput {
  purchaseId: number;
  kind: RefundKind;
  actorId: number;
  reason: string;
  /** The second admin who confirmed a refund another admin asked for (refund-purchase.ts). */
  confirmedBy?: number;
  /** Refuses what this caller may not undo (another member's purchase, the window past); an admin's refund checks before. */
  check?(purchase: PurchaseToUndo): void;
}

/**
 * Undoes a purchase in the caller's transaction (docs/plan.md, "Cancellations
 * and refunds"; docs/decisions/0067-refunds-and-clawbacks.md). Under the close
 * lock (no close, pay or other refund runs meanwhile) and the buyer's member
 * row (no purchase of theirs either):
 *
 * 1. the price back to the buyer's deposit wallet, from the company's revenue;
 * 2. the buyer's package what it would be without the purchase (the dearest
 *    purchase still standing; none: not active);
 * 3. its BV out of the network, every close that counted it recomputed
 *    (recompute-matching.ts);
 * 4. the referral bonuses it paid and the matching difference clawed back
 *    (claw-back.ts), the rest owed.
 *
 * A purchase is undone once: `purchase_refunds` holds one row per purchase.
 */
export async function undoPurchase(tx: Sql, input: UndoInput): Promise<Refund> {
  await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.planClose})`);
  const purchase = await readPurchase(tx, input.purchaseId);
  input.check?.(purchase);
  await refuseIfUndone(tx, purchase.id);
  const waiting = await closeInReview(tx);
  if (waiting)
    throw conflict(
      'CLOSE_AWAITING_REVIEW',
      `The close of ${waiting.date} is being reviewed: pay it first, then the purchase can be undone.`,
    );
  await tx.query(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.networkRollup})`);
  await tx.query(sql`SELECT 1 FROM members WHERE user_id = ${purchase.memberId} FOR NO KEY UPDATE`);

  const what = undoneWhat(input.kind, purchase.buyer, purchase.packageName, purchase.id);
  const entry = await postEntry(tx, {
    type: 'refund',
    lines: [
      { account: { member: purchase.memberId, wallet: 'deposit' }, amount: purchase.price },
      { account: { system: 'company_revenue' }, amount: -purchase.price },
    ],
    memo: what,
    actorId: input.actorId,
    refs: { purchaseId: purchase.id, buyer: purchase.buyer, package: purchase.packageName },
  });
  const refund = (
    await tx.query<{ id: number; created_at: Date }>(
      sql`INSERT INTO purchase_refunds (purchase_id, kind, entry_id, refunded_by, reason, confirmed_by)
          VALUES (${purchase.id}, ${input.kind}, ${entry.id}, ${input.actorId}, ${input.reason}, ${input.confirmedBy ?? null})
          RETURNING id, created_at`,
    )
  ).rows[0]!;
  const packageAfter = await setPackageWithoutIt(tx, purchase.memberId);
  const matching = await takeOutVolume(tx, {
    refundId: refund.id,
    purchaseId: purchase.id,
    buyerId: purchase.memberId,
    bv: purchase.bv,
    createdAt: purchase.createdAt,
  });
  const referral = await referralPaid(tx, purchase.id);
  const clawbacks = await clawBack(tx, {
    refundId: refund.id,
    purchaseId: purchase.id,
    memo: `Clawback: ${what}`,
    actorId: input.actorId,
    referral,
    matching,
  });
  return {
    id: refund.id,
    purchaseId: purchase.id,
    kind: input.kind,
    price: fromBaseUnits(purchase.price),
    packageName: purchase.packageName,
    buyer: purchase.buyer,
    reason: input.reason,
    packageAfter,
    clawbacks,
    createdAt: new Date(refund.created_at).toISOString(),
  };
}

/** A purchase is undone once (a second request moves nothing). */
export async function refuseIfUndone(tx: Sql, purchaseId: number): Promise<void> {
  const done = await tx.query(sql`SELECT 1 FROM purchase_refunds WHERE purchase_id = ${purchaseId}`);
  if (done.rows.length > 0)
    throw conflict('PURCHASE_ALREADY_REFUNDED', `Purchase #${purchaseId} has already been cancelled or refunded.`);
}

export async function readPurchase(tx: Sql, purchaseId: number): Promise<PurchaseToUndo> {
  const { rows } = await tx.query<{
    id: number;
    member_id: number;
    username: string;
    name: string;
    price: string;
    bv: string;
    created_at: Date;
  }>(
    sql`SELECT p.id, p.member_id, u.username, k.name, p.price::text AS price, p.bv::text AS bv, p.created_at
          FROM purchases p JOIN packages k ON k.id = p.package_id JOIN users u ON u.id = p.member_id
         WHERE p.id = ${purchaseId}`,
  );
  const row = rows[0];
  if (!row) throw notFound('PURCHASE_NOT_FOUND', `There is no purchase #${purchaseId}.`);
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    buyer: row.username,
    packageName: row.name,
    price: BigInt(row.price),
    bv: row.bv,
    createdAt: new Date(row.created_at),
  };
}

/** The dearest purchase still standing is the package (the first of equals, as buying keeps it); none: not active. */
async function setPackageWithoutIt(tx: Sql, memberId: number): Promise<string | null> {
  const { rows } = await tx.query<{ name: string | null }>(
    sql`UPDATE members m SET active = s.package_id IS NOT NULL, package_id = s.package_id, package_price = s.price,
               activated_at = CASE WHEN s.package_id IS NULL THEN NULL ELSE m.activated_at END
          FROM (SELECT (SELECT p.package_id FROM purchases p WHERE p.member_id = ${memberId}
                           AND NOT EXISTS (SELECT 1 FROM purchase_refunds r WHERE r.purchase_id = p.id)
                         ORDER BY p.price DESC, p.id LIMIT 1) AS package_id,
                       (SELECT max(p.price) FROM purchases p WHERE p.member_id = ${memberId}
                           AND NOT EXISTS (SELECT 1 FROM purchase_refunds r WHERE r.purchase_id = p.id)) AS price) s
         WHERE m.user_id = ${memberId}
        RETURNING (SELECT k.name FROM packages k WHERE k.id = m.package_id) AS name`,
  );
  return rows[0]?.name ?? null;
}

async function referralPaid(tx: Sql, purchaseId: number): Promise<Map<number, bigint>> {
  const { rows } = await tx.query<{ member_id: number; amount: string }>(
    sql`SELECT member_id, amount::text AS amount FROM referral_bonuses WHERE purchase_id = ${purchaseId}`,
  );
  return new Map(rows.map((row) => [Number(row.member_id), BigInt(row.amount)]));
}
