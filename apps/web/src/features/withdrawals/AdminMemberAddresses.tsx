import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { WithdrawalAddressList } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';

/** A member's withdrawal addresses, removed ones included: the history an admin checks before approving. */
export function AdminMemberAddresses({ memberId }: { memberId: number }) {
  const addresses = useQuery({
    queryKey: ['admin-member-addresses', memberId],
    queryFn: ({ signal }) => api.get<WithdrawalAddressList>(`/admin/members/${memberId}/withdrawal-addresses`, { signal }),
  });
  const items = addresses.data?.items ?? [];
  return (
    <Card data-testid="member-withdrawal-addresses">
      <CardHeader title="Withdrawal addresses" subheader="Every address the member saved, removed ones included." />
      <CardContent>
        {items.length === 0 ? (
          <Typography color="text.secondary">{addresses.isPending ? 'Loading…' : 'No address saved.'}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Withdrawal addresses">
              <TableHead>
                <TableRow>
                  <TableCell>Address</TableCell>
                  <TableCell>Label</TableCell>
                  <TableCell>Saved</TableCell>
                  <TableCell>Usable from</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{a.address}</TableCell>
                    <TableCell>{a.label ?? ''}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.usableFrom)}</TableCell>
                    <TableCell>
                      {a.removedAt ? (
                        <StatusChip status="removed" color="secondary" label={`Removed ${formatDateTime(a.removedAt)}`} />
                      ) : (
                        <StatusChip status={a.usable ? 'approved' : 'pending'} label={a.usable ? 'Usable' : 'On hold'} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
