import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { useQuery } from '@tanstack/react-query';
import { endpoints, type WithdrawalAddress } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { isSessionEnded } from '../../shared/api/errors';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';

const COLUMNS: Column<WithdrawalAddress>[] = [
  {
    id: 'address',
    label: 'Address',
    render: (a) => <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{a.address}</span>,
  },
  { id: 'label', label: 'Label', render: (a) => a.label ?? '' },
  { id: 'createdAt', label: 'Saved', secondary: true, render: (a) => formatDateTime(a.createdAt) },
  { id: 'usableFrom', label: 'Usable from', secondary: true, render: (a) => formatDateTime(a.usableFrom) },
  {
    id: 'status',
    label: 'Status',
    render: (a) =>
      a.removedAt ? (
        <StatusChip status="removed" color="secondary" label={`Removed ${formatDateTime(a.removedAt)}`} />
      ) : (
        <StatusChip status={a.usable ? 'approved' : 'pending'} label={a.usable ? 'Usable' : 'On hold'} />
      ),
  },
];

/** A member's withdrawal addresses, removed ones included: the history an admin checks before approving. */
export function AdminMemberAddresses({ memberId }: { memberId: number }) {
  const addresses = useQuery({
    queryKey: ['admin-member-addresses', memberId],
    queryFn: ({ signal }) => api.call(endpoints.withdrawals.adminMemberAddresses, { params: { id: memberId }, signal }),
  });
  const items = addresses.data?.items;
  return (
    <Card data-testid="member-withdrawal-addresses">
      <CardHeader title="Withdrawal addresses" subheader="Every address the member saved, removed ones included." />
      <DataTable
        label="Withdrawal addresses"
        columns={COLUMNS}
        rows={items}
        total={items?.length}
        rowKey={(a) => a.id}
        page={1}
        pageSize={items?.length ?? 0}
        onPage={() => {}}
        onPageSize={() => {}}
        loading={addresses.isPending}
        error={addresses.isError && !isSessionEnded(addresses.error) ? addresses.error : undefined}
        onRetry={() => void addresses.refetch()}
        empty="No address saved."
        hidePagination
      />
    </Card>
  );
}
