import Button from '@mui/material/Button';
import { endpoints, refundBodySchema } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatBV, formatDateTime, formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useReasonField } from '../../shared/hooks/useReasonField';
import { OwnMoneyNote, useIsOwn } from '../../shared/components/OwnMoneyNote';
import { useSession } from '../../shared/session/useSession';
import { filterProps, useListParams } from '../../shared/list-params';
import { useAllPurchases, useRefundPurchase, type AdminPurchase } from './api';
import { UndoneChip } from './UndoneChip';

const FILTERS = ['search', 'kind', 'state', 'from', 'to'] as const;
const KIND_CHOICES = [
  { value: 'purchase', label: 'Purchase' },
  { value: 'repurchase', label: 'Repurchase' },
];
const STATE_CHOICES = [
  { value: 'standing', label: 'Standing' },
  { value: 'undone', label: 'Cancelled or refunded' },
];

const columns = (onRefund: (p: AdminPurchase) => void): Column<AdminPurchase>[] => [
  {
    id: 'date',
    label: 'Date',
    minWidth: 170,
    render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.createdAt)}</span>,
  },
  { id: 'member', label: 'Member', render: (p) => p.member.username },
  { id: 'package', label: 'Package', render: (p) => `${p.package.name} (${p.kind})` },
  { id: 'price', label: 'Price', align: 'right', render: (p) => <Money value={p.price} unit="USDT" /> },
  { id: 'bv', label: 'BV', align: 'right', render: (p) => formatBV(p.bv) },
  { id: 'ref', label: 'Reference', render: (p) => `P-${p.id}` },
  { id: 'state', label: 'State', render: (p) => <RefundCell purchase={p} onRefund={onRefund} /> },
];

/**
 * Undone: how and when. The admin's own purchase: another admin refunds it. Asked by this admin: waiting for a
 * second. Asked by another: Confirm. Else Refund (which, above the threshold, only asks).
 */
function RefundCell({ purchase: p, onRefund }: { purchase: AdminPurchase; onRefund: (p: AdminPurchase) => void }) {
  const isOwn = useIsOwn();
  const me = useSession().user?.id;
  if (p.refunded)
    return <UndoneChip refunded={p.refunded} cancelledLabel="Cancelled by the member" reason={p.reason} />;
  if (isOwn(p.member.id)) return <OwnMoneyNote what="purchase" />;
  if (p.refundRequest?.requestedBy.id === me)
    return <StatusChip status="pending" label="Refund asked: waiting for a second admin" />;
  const confirming = p.refundRequest !== null;
  return (
    <Button
      size="small"
      color="error"
      variant="outlined"
      onClick={() => onRefund(p)}
      aria-label={`${confirming ? 'Confirm the refund of' : 'Refund'} P-${p.id}`}
    >
      {confirming ? 'Confirm refund' : 'Refund'}
    </Button>
  );
}

/** /admin/purchases: every member's purchases; a refund of any, with a reason, at any time. */
export function AdminPurchasesPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const purchases = useAllPurchases(list.query);
  const refund = useRefundDialog();
  return (
    <>
      <ListCard
        stackOnPhone
        title="Purchases and refunds"
        subheader="A refund (by two admins above the large-approval threshold) gives the price back to the member's deposit wallet and claws back the referral and matching bonuses the purchase paid; what an upline cannot give back from income is owed and repaid from their next income."
        action={<CsvExportButton list={endpoints.purchases.adminList} name="purchases" query={list.query} />}
        filters={
          <>
            <SearchField label="Search member" {...filterProps(list, 'search')} />
            <SelectFilter label="Kind" choices={KIND_CHOICES} {...filterProps(list, 'kind')} />
            <SelectFilter label="State" choices={STATE_CHOICES} {...filterProps(list, 'state')} />
          </>
        }
        dayRange
        label="Purchases"
        columns={columns(refund.open)}
        list={list}
        result={purchases}
        empty="No purchase matches these filters."
      />
      {refund.dialog}
    </>
  );
}

/** The shared confirmation: the reason asked in it, or (confirming another admin's request) theirs restated. */
function useRefundDialog() {
  const send = useRefundPurchase();
  const reason = useReasonField(refundBodySchema.shape.reason);
  const flow = useConfirmedMutation({
    send: (p: AdminPurchase, key: string) =>
      send.mutateAsync({ purchaseId: p.id, reason: p.refundRequest?.reason ?? reason.value(), key }),
    successMessage: (done, p) =>
      done.refund
        ? `Refunded ${done.refund.buyer}'s ${done.refund.packageName}: ${formatMoney(done.refund.price)} USDT back to their deposit wallet.`
        : `Refund of ${p.member.username}'s ${p.package.name} asked: another admin must confirm it before anything moves.`,
  });
  const open = (p: AdminPurchase) => {
    reason.reset();
    flow.open(p);
  };
  const confirm = () => {
    if (flow.pending?.refundRequest || reason.checked() !== undefined) flow.dialog.onConfirm();
  };
  const p = flow.pending;
  const asking = p !== null && p.needsSecondAdmin && p.refundRequest === null;
  const dialog = (
    <ConfirmDialog
      title={p?.refundRequest ? 'Confirm this refund?' : asking ? 'Ask for this refund?' : 'Refund this purchase?'}
      confirmLabel={p?.refundRequest ? 'Confirm refund' : asking ? 'Ask for the refund' : 'Refund'}
      color="error"
      {...flow.dialog}
      onConfirm={confirm}
    >
      {p && (
        <ConfirmSummary
          testId="refund-summary"
          note={
            asking
              ? 'Its price is above the large-approval threshold: your request waits for another admin to confirm it, and nothing moves until then.'
              : "The referral and matching bonuses it paid are clawed back from the uplines (what their income cannot cover is owed), its BV leaves the network, and the member's package becomes the dearest one still standing."
          }
        >
          <ConfirmLine label="Purchase">{`${p.member.username} · ${p.package.name} · P-${p.id}`}</ConfirmLine>
          <ConfirmAmount label="Back to their deposit wallet" value={p.price} unit="USDT" strong />
          {p.refundRequest ? (
            <ConfirmLine label={`Asked by ${p.refundRequest.requestedBy.username}`}>
              {p.refundRequest.reason}
            </ConfirmLine>
          ) : (
            reason.field('Reason for the refund', 'Required; shown in the list and kept in the audit log.')
          )}
        </ConfirmSummary>
      )}
    </ConfirmDialog>
  );
  return { open, dialog };
}
