import { toBaseUnits, type RefundOutcome } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { Actor } from '../audit/write-audit';
import { writeAudit } from '../audit/write-audit';
import { conflict } from '../shared/errors';
import { ownMoney } from '../shared/own-money';
import { readSettings } from '../settings/in-force';
import { runIdempotent, type IdempotentAnswer } from '../ledger/idempotency';
import { readPurchase, refuseIfUndone, undoPurchase, type PurchaseToUndo } from './undo-purchase';

interface RequestRow {
  requested_by: number;
  username: string;
  reason: string;
  requested_at: Date;
}

/**
 * An admin refunds any member's purchase, at any time, with a reason
 * (two-factor: the endpoint's gate), with the cancellation's effects
 * (undo-purchase.ts); never their own (docs/decisions/0050-no-admin-acts-on-their-own-money.md).
 * Above the large-approval threshold it takes two admins: the first asks,
 * recording the reason, and moves nothing; another admin's refund of it
 * confirms the request and makes the refund with the first one's reason.
 * Each step is audited in its own transaction.
 */
export function refundPurchase(
  ctx: AppContext,
  actor: Actor,
  purchaseId: number,
  reason: string,
  idempotencyKey: string | undefined,
): Promise<IdempotentAnswer<RefundOutcome>> {
  const scope = {
    userId: actor.userId,
    operation: 'purchase_refund',
    key: idempotencyKey,
    request: { purchaseId, reason },
  };
  return runIdempotent(ctx.db, scope, async (tx) => {
    const purchase = await readPurchase(tx, purchaseId);
    if (purchase.memberId === actor.userId) throw ownMoney('This is your own purchase: another admin must refund it.');
    const settings = await readSettings(tx);
    if (purchase.price > toBaseUnits(settings.largeApprovalThreshold)) {
      const request = await readRequest(tx, purchaseId);
      if (!request) return { status: 200, body: await askForRefund(tx, actor, purchase, reason) };
      if (Number(request.requested_by) === actor.userId)
        throw conflict('SECOND_APPROVAL_SAME_ADMIN', 'You asked for this refund: another admin must confirm it.');
      return { status: 200, body: await makeRefund(tx, actor, purchase, request.reason, Number(request.requested_by)) };
    }
    return { status: 200, body: await makeRefund(tx, actor, purchase, reason) };
  });
}

/** The request, locked: two admins confirming at once make one refund. */
async function readRequest(tx: Sql, purchaseId: number): Promise<RequestRow | undefined> {
  const { rows } = await tx.query<RequestRow>(
    sql`SELECT r.requested_by, u.username, r.reason, r.requested_at
          FROM purchase_refund_requests r JOIN users u ON u.id = r.requested_by
         WHERE r.purchase_id = ${purchaseId} FOR UPDATE OF r`,
  );
  return rows[0];
}

async function askForRefund(tx: Sql, actor: Actor, purchase: PurchaseToUndo, reason: string): Promise<RefundOutcome> {
  await refuseIfUndone(tx, purchase.id);
  const { rows } = await tx.query<RequestRow>(
    sql`WITH asked AS (
          INSERT INTO purchase_refund_requests (purchase_id, requested_by, reason) VALUES (${purchase.id}, ${actor.userId}, ${reason})
          ON CONFLICT (purchase_id) DO NOTHING RETURNING requested_by, reason, requested_at)
        SELECT a.requested_by, u.username, a.reason, a.requested_at FROM asked a JOIN users u ON u.id = a.requested_by`,
  );
  // Asked at the same moment by another admin: theirs stands, and this admin may confirm it.
  if (!rows[0])
    throw conflict(
      'REFUND_ALREADY_ASKED',
      'Another admin has just asked for this refund: open it again and confirm theirs.',
    );
  await writeAudit(tx, {
    actor,
    action: 'purchase.refund_request',
    targetType: 'purchase',
    targetId: purchase.id,
    details: { reason, buyer: purchase.buyer, package: purchase.packageName },
  });
  const row = rows[0];
  return {
    state: 'requested',
    request: {
      requestedBy: { id: Number(row.requested_by), username: row.username },
      reason: row.reason,
      at: new Date(row.requested_at).toISOString(),
    },
    refund: null,
  };
}

async function makeRefund(
  tx: Sql,
  actor: Actor,
  purchase: PurchaseToUndo,
  reason: string,
  askedBy?: number,
): Promise<RefundOutcome> {
  const refund = await undoPurchase(tx, {
    purchaseId: purchase.id,
    kind: 'refund',
    actorId: askedBy ?? actor.userId,
    reason,
    ...(askedBy === undefined ? {} : { confirmedBy: actor.userId }),
  });
  await writeAudit(tx, {
    actor,
    action: 'purchase.refund',
    targetType: 'purchase',
    targetId: purchase.id,
    details: {
      reason,
      buyer: refund.buyer,
      package: refund.packageName,
      price: refund.price,
      clawbacks: refund.clawbacks,
      ...(askedBy === undefined ? {} : { askedBy }),
    },
  });
  return { state: 'refunded', request: null, refund };
}
