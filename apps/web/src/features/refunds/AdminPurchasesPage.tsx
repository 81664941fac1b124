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
import { filterProps, useListParams } from '../../shared/list-params';
import { useAllPurchases, useRefundPurchase, type AdminPurchase } from './api';

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
  {
    id: 'state',
    label: 'State',
    render: (p) =>
      p.refunded ? (
        <StatusChip
          status="rejected"
          label={`${p.refunded.kind === 'cancellation' ? 'Cancelled by the member' : 'Refunded'} ${formatDateTime(p.refunded.at)}`}
          title={p.reason || undefined}
        />
      ) : (
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={() => onRefund(p)}
          aria-label={`Refund P-${p.id}`}
        >
          Refund
        </Button>
      ),
  },
];

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
        subheader="A refund gives the price back to the member's deposit wallet and claws back the referral and matching bonuses the purchase paid; what an upline cannot give back from income is owed and repaid from their next income."
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

/** The shared confirmation with the reason asked in it; `open(purchase)` starts it. */
function useRefundDialog() {
  const send = useRefundPurchase();
  const reason = useReasonField(refundBodySchema.shape.reason);
  const flow = useConfirmedMutation({
    send: (p: AdminPurchase, key: string) => send.mutateAsync({ purchaseId: p.id, reason: reason.value(), key }),
    successMessage: (done) =>
      `Refunded ${done.buyer}'s ${done.packageName}: ${formatMoney(done.price)} USDT back to their deposit wallet.`,
  });
  const open = (p: AdminPurchase) => {
    reason.reset();
    flow.open(p);
  };
  const confirm = () => {
    if (reason.checked() !== undefined) flow.dialog.onConfirm();
  };
  const p = flow.pending;
  const dialog = (
    <ConfirmDialog
      title="Refund this purchase?"
      confirmLabel="Refund"
      color="error"
      {...flow.dialog}
      onConfirm={confirm}
    >
      {p && (
        <ConfirmSummary
          testId="refund-summary"
          note="The referral and matching bonuses it paid are clawed back from the uplines (what their income cannot cover is owed), its BV leaves the network, and the member's package becomes the dearest one still standing."
        >
          <ConfirmLine label="Purchase">{`${p.member.username} · ${p.package.name} · P-${p.id}`}</ConfirmLine>
          <ConfirmAmount label="Back to their deposit wallet" value={p.price} unit="USDT" strong />
          {reason.field('Reason for the refund', 'Required; shown in the list and kept in the audit log.')}
        </ConfirmSummary>
      )}
    </ConfirmDialog>
  );
  return { open, dialog };
}
