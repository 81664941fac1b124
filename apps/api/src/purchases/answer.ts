import { fromBaseUnits, type Purchase, type PurchaseKind, type PurchaseListItem } from '@portal/contract';
import { bvText } from '../shared/bv';

/**
 * What `plan_purchases` (apps/api/sql/functions/plan_purchases.sql) returns and stores as the answer to
 * an Idempotency-Key: amounts in base units as text, each bonus with the rate
 * it was paid at. The API formats it here, the same way for the first answer
 * and for a replay.
 */
export interface PurchaseResult {
  purchaseId: number;
  entryId: number;
  kind: PurchaseKind;
  packageId: number;
  packageName: string;
  price: string;
  bv: string;
  paid: Array<{ memberId: number; level: number; username: string; amount: string; rate: string }>;
  volumePending: boolean;
  createdAtMs: number;
}

/** A purchase as the API shows it in a list (and, with the bonuses, as the answer): price and BV formatted once, here. */
export type PurchaseRecord = Pick<PurchaseResult, 'entryId' | 'kind' | 'packageId' | 'packageName' | 'price' | 'bv'> & {
  id: number;
  createdAt: Date;
};

/** The fields a list item and an answer share (a list item also says whether it was undone: list.ts). */
export function purchaseItem(p: PurchaseRecord): Omit<PurchaseListItem, 'refunded' | 'cancelUntil'> {
  return {
    id: p.id,
    entryId: p.entryId,
    kind: p.kind,
    package: { id: p.packageId, name: p.packageName },
    price: fromBaseUnits(BigInt(p.price)),
    bv: bvText(p.bv),
    createdAt: p.createdAt.toISOString(),
  };
}

function purchaseAnswer(r: PurchaseResult): Purchase {
  return {
    ...purchaseItem({ ...r, id: r.purchaseId, createdAt: new Date(r.createdAtMs) }),
    referralPaid: r.paid.map((p) => ({
      level: p.level,
      username: p.username,
      rate: p.rate,
      amount: fromBaseUnits(BigInt(p.amount)),
    })),
    volumePending: r.volumePending,
  };
}

/** A stored answer: a statement's result, or (keys used before migration 0017) the answer as it was sent. */
export function storedPurchase(stored: PurchaseResult | Purchase): Purchase {
  return 'purchaseId' in stored ? purchaseAnswer(stored) : stored;
}
