import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { AdminMember } from '@portal/contract';
import { useNavigate } from 'react-router';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { FilterBar, SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { csvName, downloadCsv } from '../../shared/download';
import { formatCount, formatDate } from '../../shared/format';
import { useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { useMembers } from './api';

const FILTERS = ['search', 'status', 'sponsor'] as const;

const COLUMNS: Column<AdminMember>[] = [
  {
    id: 'member',
    label: 'Member',
    sortField: 'username',
    minWidth: 180,
    render: (m) => (
      <>
        {m.fullName}
        <Typography variant="body2" color="text.secondary">
          @{m.username}
        </Typography>
      </>
    ),
  },
  { id: 'email', label: 'Email', render: (m) => m.email },
  { id: 'sponsor', label: 'Sponsor', render: (m) => (m.sponsor ? `@${m.sponsor.username}` : '—') },
  {
    id: 'team',
    label: 'Team L / R',
    align: 'right',
    render: (m) =>
      m.team.placed ? (
        `${formatCount(m.team.left)} / ${formatCount(m.team.right)}`
      ) : (
        <StatusChip status="pending" label="Not placed" />
      ),
  },
  { id: 'referrals', label: 'Referrals', align: 'right', render: (m) => formatCount(m.team.directReferrals) },
  { id: 'deposit', label: 'Deposit', sortField: 'deposit', align: 'right', render: (m) => <Money value={m.balances.deposit} unit="USDT" /> },
  { id: 'income', label: 'Income', sortField: 'income', align: 'right', render: (m) => <Money value={m.balances.income} unit="USDT" /> },
  { id: 'points', label: 'Points', sortField: 'points', align: 'right', render: (m) => <Money value={m.balances.points} /> },
  { id: 'status', label: 'Status', render: (m) => <StatusChip status={m.status} /> },
  { id: 'joined', label: 'Joined', sortField: 'joinedAt', render: (m) => formatDate(m.joinedAt) },
];

/** /Members ("Members Management") */
export function MembersPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const list = useListParams({ filters: FILTERS, defaultSort: '-joinedAt' });
  const members = useMembers(list.query);
  const [exporting, setExporting] = useState(false);
  const { filters, update } = list;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv('/admin/members', list.query, csvName('members'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Network members"
        subheader="Open a member for wallets, history, adjustments and blocking."
        action={
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportCsv()} disabled={exporting}>
            Export CSV
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <FilterBar>
        <SearchField placeholder="Username, name or email" value={filters.search} onChange={(search) => update({ search })} />
        <SelectFilter
          label="Status"
          value={filters.status}
          onChange={(status) => update({ status })}
          choices={[
            { value: 'active', label: 'Active' },
            { value: 'blocked', label: 'Blocked' },
          ]}
        />
        <SearchField label="Sponsor" placeholder="Exact username" value={filters.sponsor} onChange={(sponsor) => update({ sponsor })} />
      </FilterBar>
      <DataTable
        label="Members"
        columns={COLUMNS}
        rows={members.data?.items}
        total={members.data?.total}
        rowKey={(m) => m.id}
        page={list.page}
        pageSize={list.pageSize}
        sort={list.sort}
        onSort={(sort) => update({ sort })}
        onPage={(page) => update({ page })}
        onPageSize={(pageSize) => update({ pageSize })}
        loading={members.isPending}
        fetching={members.isFetching}
        error={members.isError && !isSessionEnded(members.error) ? members.error : undefined}
        onRetry={() => void members.refetch()}
        empty="No members match these filters."
        onRowClick={(m) => void navigate(`/Members/${m.id}`)}
      />
    </Card>
  );
}
