import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { endpoints, type MatchingBonus, type ReferralBonus } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { csvName, downloadCsv } from '../../shared/download';
import { formatBV, formatDate, formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { useBonuses } from '../packages/api';

const MEMBER_FILTERS = ['from', 'to'] as const;
const ADMIN_FILTERS = ['from', 'to', 'member'] as const;

const member = <T extends { member: string }>(): Column<T> => ({
  id: 'member',
  label: 'Member',
  render: (b) => b.member,
});

const REFERRAL_COLUMNS: Column<ReferralBonus>[] = [
  {
    id: 'date',
    label: 'Date',
    sortField: 'date',
    minWidth: 170,
    render: (b) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.createdAt)}</span>,
  },
  { id: 'buyer', label: 'From', render: (b) => b.buyer },
  {
    id: 'what',
    label: 'Purchase',
    render: (b) => `${b.packageName} ${b.purchaseKind === 'purchase' ? 'purchase' : 'repurchase'} (P-${b.purchaseId})`,
  },
  { id: 'level', label: 'Level', secondary: true, align: 'right', render: (b) => b.level },
  {
    id: 'how',
    label: 'How',
    render: (b) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {b.rate}% × <Money value={b.base} unit="USDT" />
      </span>
    ),
  },
  {
    id: 'amount',
    label: 'Bonus',
    sortField: 'amount',
    align: 'right',
    render: (b) => <Money value={b.amount} unit="USDT" />,
  },
];

const MATCHING_COLUMNS: Column<MatchingBonus>[] = [
  {
    id: 'date',
    label: 'Close date',
    sortField: 'date',
    // The close's UTC day.
    render: (b) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(b.closeDate, { timeZone: 'UTC' })}</span>,
  },
  { id: 'left', label: 'Left BV', secondary: true, align: 'right', render: (b) => formatBV(b.leftVolume) },
  { id: 'right', label: 'Right BV', secondary: true, align: 'right', render: (b) => formatBV(b.rightVolume) },
  { id: 'matched', label: 'Matched BV', align: 'right', render: (b) => formatBV(b.matched) },
  {
    id: 'earned',
    label: 'Earned',
    align: 'right',
    render: (b) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {b.rate}% = <Money value={b.earned} unit="USDT" />
      </span>
    ),
  },
  {
    id: 'cap',
    label: 'Daily cap',
    secondary: true,
    align: 'right',
    render: (b) => <Money value={b.dailyCap} unit="USDT" />,
  },
  {
    id: 'amount',
    label: 'Paid',
    sortField: 'amount',
    align: 'right',
    // A close being reviewed has credited nobody yet: the amount is what its pay will credit.
    render: (b) =>
      b.state === 'in_review' ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Money value={b.paid} unit="USDT" /> <StatusChip status="pending" label="Being reviewed" />
        </span>
      ) : (
        <Money value={b.paid} unit="USDT" />
      ),
  },
  {
    id: 'flushed',
    label: 'Flushed',
    secondary: true,
    align: 'right',
    render: (b) => <Money value={b.flushed} unit="USDT" />,
  },
  {
    id: 'carry',
    label: 'Carried (L / R)',
    secondary: true,
    align: 'right',
    render: (b) => `${formatBV(b.carryLeft)} / ${formatBV(b.carryRight)}`,
  },
];

/**
 * The bonus reports: /referral-bonus ("Bonus Report"), /matching-bonus
 * ("Transaction Report") for the member's own; /admin-referral-bonus and
 * /admin-matching-bonus for everyone's, with a member filter and CSV.
 */
export function BonusReport({ type, admin = false }: { type: 'referral' | 'matching'; admin?: boolean }) {
  const toast = useToast();
  const list = useListParams({ filters: admin ? ADMIN_FILTERS : MEMBER_FILTERS, defaultSort: '-date' });
  const query: Record<string, string | number> = { ...list.query, type };
  const { sort: _sort, ...unsorted } = query;
  const bonuses = useBonuses(admin ? query : unsorted, admin);
  const [exporting, setExporting] = useState(false);
  const referral = type === 'referral';
  const columns = (referral ? REFERRAL_COLUMNS : MATCHING_COLUMNS) as Column<ReferralBonus | MatchingBonus>[];
  const shown = admin
    ? [member<ReferralBonus | MatchingBonus>(), ...columns]
    : columns.map((c) => ({ ...c, sortField: undefined }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(
        endpoints.bonuses.adminList,
        query,
        csvName(referral ? 'referral-bonuses' : 'matching-bonuses'),
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListCard
      title={
        referral ? (admin ? 'Referral bonuses' : 'Bonus Report') : admin ? 'Matching bonuses' : 'Transaction Report'
      }
      subheader={
        referral
          ? 'Each purchase in the sponsor tree pays active uplines a share of its price by level.'
          : "At each daily close: matched = the smaller leg; the bonus is the matching rate of it, up to the package's daily cap; the rest of the stronger leg carries forward."
      }
      action={
        admin ? (
          <Button variant="outlined" size="small" disabled={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        ) : undefined
      }
      filters={admin && <SearchField label="Member" placeholder="username" {...filterProps(list, 'member')} />}
      dayRange
      label={referral ? 'Referral bonuses' : 'Matching bonuses'}
      columns={shown}
      columnChooser={type === 'matching' ? (admin ? 'admin-matching-bonuses' : 'matching-bonuses') : undefined}
      rowKey={(b) => ('id' in b ? b.id : `${b.closeDate}-${b.member}`)}
      list={list}
      result={bonuses}
      empty={referral ? 'No referral bonus yet.' : 'No matching bonus yet.'}
    >
      <Box sx={{ px: 5, pb: 3 }}>
        <Typography variant="body2" color="text.secondary" data-testid="bonus-total">
          Total paid in this list: <Money value={bonuses.data?.totalPaid} unit="USDT" />
        </Typography>
      </Box>
    </ListCard>
  );
}
