import Stack from '@mui/material/Stack';
import { endpoints, depositStatuses, DEPOSIT_STATUS_LABELS } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { TermHelp } from '../../shared/components/TermHelp';
import { filterProps, useListParams } from '../../shared/list-params';
import { ChainStatusAlert } from './ChainStatusAlert';
import { useAdminDeposits, useMyDeposits } from './api';
import { ADMIN_DEPOSIT_COLUMNS, MEMBER_DEPOSIT_COLUMNS } from './columns';
import { useHeldDepositDecisions } from './HeldDeposits';
import { RecoverDepositCard } from './RecoverDepositCard';
import { RescanBlocksCard } from './RescanBlocksCard';

const STATUS_CHOICES = depositStatuses.map((value) => ({ value, label: DEPOSIT_STATUS_LABELS[value] }));

/** /deposit-history-member: the member's own deposits. */
export function MemberDepositHistoryPage() {
  const list = useListParams({ filters: ['status'] as const, defaultSort: '-id' });
  const { sort: _sort, ...query } = list.query;
  const deposits = useMyDeposits(query, true);
  return (
    <ListCard
      stackOnPhone
      title="Your deposits"
      subheader="USDT received on your BEP20 deposit address, with confirmations and transaction links."
      filters={<SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />}
      label="Your deposits"
      columns={MEMBER_DEPOSIT_COLUMNS}
      list={list}
      result={deposits}
      empty="No deposits yet."
    />
  );
}

const ADMIN_FILTERS = ['member', 'status', 'from', 'to'] as const;

/** /deposit-history: every deposit, and the recovery of those the watcher missed (by transaction, or by rescanning blocks). */
export function AdminDepositHistoryPage() {
  return (
    <Stack spacing={6}>
      <AllDeposits />
      <RecoverDepositCard admin />
      <RescanBlocksCard />
    </Stack>
  );
}

/** Every deposit, filtered on the server, with CSV. */
function AllDeposits() {
  const list = useListParams({ filters: ADMIN_FILTERS, defaultSort: '-id' });
  const { sort: _sort, ...query } = list.query;
  const deposits = useAdminDeposits(query);
  const held = useHeldDepositDecisions();
  return (
    <>
      <ListCard
        stackOnPhone
        title="All deposits"
        subheader={
          <>
            Every BEP20 deposit the watcher has recorded: seen, credited, dropped by a reorganisation, below the
            minimum, or held because its sender is on the screening list <TermHelp id="held" />.
          </>
        }
        action={<CsvExportButton list={endpoints.deposits.adminList} name="deposits" query={query} />}
        notice={<ChainStatusAlert />}
        filters={
          <>
            <SearchField label="Member (username)" {...filterProps(list, 'member')} />
            <SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />
          </>
        }
        dayRange
        label="All deposits"
        columns={[...ADMIN_DEPOSIT_COLUMNS, held.column]}
        columnChooser="deposits"
        list={list}
        result={deposits}
        empty="No deposits match these filters."
      />
      {held.dialog}
    </>
  );
}
