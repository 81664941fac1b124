import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { endpoints, type Withdrawal } from '@portal/contract';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { useIsOwn } from '../../shared/components/OwnMoneyNote';
import { TermHelp } from '../../shared/components/TermHelp';
import { useSelection } from '../../shared/hooks/useSelection';
import { filterProps, useListParams } from '../../shared/list-params';
import { useAdminWithdrawals, useMyWithdrawals } from './api';
import { NeedsAttention } from './NeedsAttention';
import { AfterRestoreCard } from './AfterRestoreCard';
import { ActivityDialog } from './approval/ActivityDialog';
import { ApprovalRules } from './approval/ApprovalRules';
import { ApproveDialog, RejectDialog } from './approval/DecisionDialogs';
import { HotWalletCard } from './approval/HotWalletCard';
import { useApprovalColumns } from './approval/useApprovalColumns';
import { useWithdrawalDecision } from './approval/useWithdrawalDecision';
import { baseColumns, STATUS_CHOICES } from './withdrawal-columns';

/** /withdraw-history: the member's withdrawals with status, fee, what arrived and the transaction link. */
export function WithdrawHistoryPage() {
  const list = useListParams({ filters: ['status', 'from', 'to'] as const, defaultSort: '-createdAt' });
  const withdrawals = useMyWithdrawals(list.query);
  return (
    <ListCard
      stackOnPhone
      title="Your withdrawals"
      subheader="From your income wallet to BEP20 addresses."
      filters={<SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />}
      dayRange
      label="Withdrawals"
      columns={baseColumns(false)}
      list={list}
      result={withdrawals}
      empty="You have not asked for a withdrawal yet."
    />
  );
}

/**
 * /withdraw-approval (pending, select one or many, approve or reject) and /withdraw-approval-history. The parts
 * are in ./approval/: the columns, the decision and its two dialogs, the hot wallet and a member's activity.
 */
export function WithdrawApprovalPage({ history = false }: { history?: boolean }) {
  const list = useListParams({
    filters: ['status', 'search', 'from', 'to'] as const,
    defaultSort: history ? '-createdAt' : 'createdAt',
  });
  const query = history ? list.query : { ...list.query, status: 'pending' };
  const withdrawals = useAdminWithdrawals(query);
  const [looking, setLooking] = useState<Withdrawal | null>(null);
  const rows = withdrawals.data?.items ?? [];
  // An admin's own withdrawals are another admin's to decide: never selected, the reason shown in their place.
  const isOwn = useIsOwn();
  const selection = useSelection(rows.filter((w) => !isOwn(w.member.id)));
  const decision = useWithdrawalDecision(selection, !history);
  const columns = useApprovalColumns(history, selection, setLooking);
  const { chosen } = decision;

  return (
    <Stack spacing={6}>
      {!history && <AdminTwoFactorNotice action="approve withdrawals" />}
      {!history && <AfterRestoreCard />}
      {!history && (
        <NeedsAttention onApprove={(w) => decision.open('approve', w)} onReject={(w) => decision.open('reject', w)} />
      )}
      {!history && <HotWalletCard />}
      <ListCard
        stackOnPhone
        title={history ? 'Withdrawal decisions' : 'Pending withdrawals'}
        subheader={
          history ? (
            <>
              Every withdrawal with its decision and payout: pending <TermHelp id="pending" />, approved{' '}
              <TermHelp id="approved" />, paid <TermHelp id="paid" />, rejected <TermHelp id="rejected" />, failed{' '}
              <TermHelp id="failed" /> or refunded <TermHelp id="refunded" />.
            </>
          ) : (
            <>
              Select one or many pending <TermHelp id="pending" /> withdrawals, then approve (the payout leaves the hot
              wallet <TermHelp id="hotWallet" />) or reject with a reason (the amount is refunded).
            </>
          )
        }
        action={
          history ? (
            <CsvExportButton list={endpoints.withdrawals.adminList} query={list.query} name="withdrawals" />
          ) : undefined
        }
        filters={
          <>
            <SearchField label="Search" placeholder="Member, address or hash" {...filterProps(list, 'search')} />
            {history && <SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />}
          </>
        }
        dayRange
        label={history ? 'Withdrawal decisions' : 'Pending withdrawals'}
        columns={columns}
        columnChooser={history ? 'withdrawal-decisions' : 'withdrawals-pending'}
        list={list}
        result={withdrawals}
        empty={history ? 'No withdrawal yet.' : 'Nothing waits for approval.'}
      >
        {!history && <ApprovalRules decision={decision} />}
        {!history && (
          <Stack direction="row" spacing={3} sx={{ px: 5, pb: 3, flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Button size="small" onClick={selection.togglePage} disabled={rows.length === 0}>
              {selection.allOnPage ? 'Unselect this page' : 'Select all on this page'}
            </Button>
            <Button
              variant="contained"
              color="success"
              disabled={chosen.length === 0}
              onClick={() => decision.open('approve')}
            >
              Approve ({chosen.length})
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={chosen.length === 0}
              onClick={() => decision.open('reject')}
            >
              Reject ({chosen.length})
            </Button>
          </Stack>
        )}
      </ListCard>
      <ApproveDialog decision={decision} />
      <ActivityDialog withdrawal={looking} onClose={() => setLooking(null)} />
      <RejectDialog decision={decision} />
    </Stack>
  );
}
