import { fromBaseUnits, type Purchase, type PurchaseKind } from '@portal/contract';
import { bvText } from '../packages/service';

/**
 * What `plan_purchase` (migration 0017) returns and stores as the answer to
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

export function purchaseAnswer(r: PurchaseResult): Purchase {
  return {
    id: r.purchaseId,
    entryId: r.entryId,
    kind: r.kind,
    package: { id: r.packageId, name: r.packageName },
    price: fromBaseUnits(BigInt(r.price)),
    bv: bvText(r.bv),
    referralPaid: r.paid.map((p) => ({ level: p.level, username: p.username, rate: p.rate, amount: fromBaseUnits(BigInt(p.amount)) })),
    volumePending: r.volumePending,
    createdAt: new Date(r.createdAtMs).toISOString(),
  };
}

/** A stored answer: a statement's result, or (keys used before migration 0017) the answer as it was sent. */
export function storedPurchase(stored: PurchaseResult | Purchase): Purchase {
  return 'purchaseId' in stored ? purchaseAnswer(stored) : stored;
}
