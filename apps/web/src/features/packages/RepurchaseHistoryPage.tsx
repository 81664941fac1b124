import Button from '@mui/material/Button';
import type { Column } from '../../shared/components/DataTable';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { ListCard } from '../../shared/components/ListCard';
import { SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { formatBV, formatDateTime, formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { filterProps, useListParams } from '../../shared/list-params';
import { useCancelPurchase, usePurchases, type PurchaseListItem } from './api';
import { UndoneChip } from '../refunds/UndoneChip';

const FILTERS = ['kind', 'from', 'to'] as const;
const KIND_CHOICES = [
  { value: 'purchase', label: 'Purchase' },
  { value: 'repurchase', label: 'Repurchase' },
];

const columns = (onCancel: (p: PurchaseListItem) => void): Column<PurchaseListItem>[] => [
  {
    id: 'date',
    label: 'Date',
    minWidth: 170,
    render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt)}</span>,
  },
  { id: 'kind', label: 'Kind', render: (p) => (p.kind === 'purchase' ? 'Purchase' : 'Repurchase') },
  { id: 'package', label: 'Package', render: (p) => p.package.name },
  { id: 'price', label: 'Price', align: 'right', render: (p) => <Money value={p.price} unit="USDT" /> },
  { id: 'bv', label: 'BV', align: 'right', render: (p) => formatBV(p.bv) },
  { id: 'ref', label: 'Reference', render: (p) => `P-${p.id}` },
  { id: 'state', label: 'Cancellation', render: (p) => <CancelCell purchase={p} onCancel={onCancel} /> },
];

/** Undone: when and how; still in its window: the button, with the last day it may be used; else nothing to do. */
function CancelCell({ purchase, onCancel }: { purchase: PurchaseListItem; onCancel: (p: PurchaseListItem) => void }) {
  if (purchase.refunded) return <UndoneChip refunded={purchase.refunded} cancelledLabel="Cancelled" />;
  if (!purchase.cancelUntil) return <span aria-label="Cannot be cancelled">—</span>;
  return (
    <Button
      size="small"
      color="error"
      variant="outlined"
      onClick={() => onCancel(purchase)}
      aria-label={`Cancel P-${purchase.id}, possible until ${formatDateTime(purchase.cancelUntil)}`}
      title={`Possible until ${formatDateTime(purchase.cancelUntil)}`}
    >
      Cancel
    </Button>
  );
}

/** /repurchase-history: every purchase and repurchase of the member, each cancellable within the window. */
export function RepurchaseHistoryPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const purchases = usePurchases(list.query);
  const cancel = useCancelPurchase();
  const flow = useConfirmedMutation({
    send: (p: PurchaseListItem, key: string) => cancel.mutateAsync({ purchaseId: p.id, key }),
    successMessage: (done) =>
      `Cancelled ${done.packageName}: ${formatMoney(done.price)} USDT is back in your deposit wallet.`,
  });
  const pending = flow.pending;
  return (
    <>
      <ListCard
        stackOnPhone
        title="Your purchases"
        subheader="Packages you bought; repurchases earn bonuses like the first purchase. Within the cancellation window you may cancel a purchase and get its price back."
        filters={<SelectFilter label="Kind" choices={KIND_CHOICES} {...filterProps(list, 'kind')} />}
        dayRange
        label="Purchases"
        columns={columns(flow.open)}
        list={list}
        result={purchases}
        empty="You have not bought a package yet."
      />
      <ConfirmDialog title="Cancel this purchase?" confirmLabel="Cancel purchase" color="error" {...flow.dialog}>
        {pending && (
          <ConfirmSummary
            testId="cancel-summary"
            note="The referral and matching bonuses this purchase paid your uplines are taken back, and its BV leaves your teams' legs. Your package becomes the dearest one you still hold; with none left you are no longer active."
          >
            <ConfirmLine label="Purchase">{`${pending.package.name} · P-${pending.id}`}</ConfirmLine>
            <ConfirmLine label="Bought">{formatDateTime(pending.createdAt)}</ConfirmLine>
            <ConfirmAmount label="Back to your deposit wallet" value={pending.price} unit="USDT" strong />
          </ConfirmSummary>
        )}
      </ConfirmDialog>
    </>
  );
}
