import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import type { Redemption } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { StatusChip, statusLabel } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';

export const STATUS_CHOICES = ['pending', 'approved', 'rejected'].map((value) => ({
  value,
  label: statusLabel(value),
}));

/** Pending warning, approved (shipped) success, rejected error (UI.md). */
export const statusChip = (r: Redemption) => (
  <StatusChip status={r.status} label={r.status === 'approved' ? `${statusLabel('approved')} (shipped)` : undefined} />
);

export const redemptionColumns = {
  reference: { id: 'ref', label: 'Reference', render: (r) => `R-${r.id}` },
  date: {
    id: 'date',
    label: 'Date',
    sortField: 'createdAt',
    minWidth: 170,
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
  },
  member: {
    id: 'member',
    label: 'Member',
    minWidth: 150,
    render: (r) => (
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {r.member.username}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {r.member.fullName}
        </Typography>
      </Box>
    ),
  },
  product: {
    id: 'product',
    label: 'Product',
    minWidth: 140,
    render: (r) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
        <Avatar variant="rounded" src={r.product.thumbnailUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
          <RedeemOutlined fontSize="small" />
        </Avatar>
        <span>
          {r.quantity} × {r.product.name}
        </span>
      </Box>
    ),
  },
  points: {
    id: 'points',
    label: 'Points',
    sortField: 'points',
    align: 'right',
    render: (r) => <Money value={r.points} unit="points" />,
  },
  address: {
    id: 'address',
    label: 'Delivery address',
    minWidth: 160,
    render: (r) => (
      <Box component="span" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {r.deliveryAddress}
      </Box>
    ),
  },
  status: { id: 'status', label: 'Status', render: statusChip },
  decision: {
    id: 'decision',
    label: 'Decision',
    minWidth: 180,
    render: (r) =>
      r.status === 'pending' ? (
        <Typography variant="body2" color="text.secondary">
          Waiting for approval
        </Typography>
      ) : (
        <Box>
          {r.reason && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {r.reason}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {r.decidedAt ? formatDateTime(r.decidedAt) : ''}
            {r.decidedBy ? ` · ${r.decidedBy}` : ''}
          </Typography>
        </Box>
      ),
  },
} satisfies Record<string, Column<Redemption>>;
