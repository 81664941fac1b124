import type { PurchaseListItem } from '@portal/contract';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';

/**
 * A purchase undone, with when and how: on the member's Purchases page and the admins' Purchases and refunds page.
 * `cancelledLabel` names the cancellation as its reader knows it ("Cancelled" to the buyer, "Cancelled by the
 * member" to admins); `reason` (admins) shows on hover.
 */
export function UndoneChip({
  refunded,
  cancelledLabel,
  reason,
}: {
  refunded: NonNullable<PurchaseListItem['refunded']>;
  cancelledLabel: string;
  reason?: string;
}) {
  const how = refunded.kind === 'cancellation' ? cancelledLabel : 'Refunded';
  return <StatusChip status="rejected" label={`${how} ${formatDateTime(refunded.at)}`} title={reason || undefined} />;
}
