import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Withdrawal } from '@portal/contract';
import { ConfirmLine } from '../../../shared/components/ConfirmDialog';
import { Money } from '../../../shared/components/Money';
import { formatDateTime } from '../../../shared/format';
import { useMemberActivity } from '../api';

/** The member's latest wallet movements, beside a pending request. */
export function ActivityDialog({ withdrawal, onClose }: { withdrawal: Withdrawal | null; onClose: () => void }) {
  const activity = useMemberActivity(withdrawal?.id ?? null);
  return (
    <Dialog open={!!withdrawal} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Recent activity of @{withdrawal?.member.username}</DialogTitle>
      <DialogContent>
        {activity.isPending && <Typography color="text.secondary">Loading…</Typography>}
        {activity.data?.items.length === 0 && <Typography color="text.secondary">No wallet movement yet.</Typography>}
        {activity.data?.items.map((item, i) => (
          <ConfirmLine key={i} label={`${formatDateTime(item.createdAt)} · ${item.description}`}>
            <Money value={item.amount} unit="USDT" signed />
          </ConfirmLine>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
