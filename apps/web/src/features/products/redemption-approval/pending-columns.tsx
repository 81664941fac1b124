import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import type { Redemption } from '@portal/contract';
import type { Column } from '../../../shared/components/DataTable';
import { OwnMoneyNote } from '../../../shared/components/OwnMoneyNote';
import type { Selection } from '../../../shared/hooks/useSelection';
import { redemptionColumns as c } from '../RedemptionColumns';

interface Actions {
  selection: Selection<Redemption>;
  /** Whether the redemption is the signed-in admin's own: another admin decides on it. */
  isOwn: (memberId: number) => boolean;
  open: (action: 'approve' | 'reject', rows: Redemption[]) => void;
}

/** The pending list's columns: a selection box first, then the redemption, then its Approve and Reject. */
export function pendingColumns({ selection, isOwn, open }: Actions): Column<Redemption>[] {
  return [
    {
      id: 'select',
      label: '',
      render: (r) =>
        isOwn(r.member.id) ? null : (
          <Checkbox
            checked={selection.has(r.id)}
            onChange={() => selection.toggle(r)}
            slotProps={{ input: { 'aria-label': `Select R-${r.id}` } }}
          />
        ),
    },
    // The approval's key figures (who, what, how many points, where to) and its actions stay; the date is a detail.
    { ...c.date, secondary: true },
    c.reference,
    c.member,
    c.product,
    c.points,
    c.address,
    {
      id: 'actions',
      label: 'Actions',
      align: 'right',
      pinned: true,
      render: (r) =>
        isOwn(r.member.id) ? (
          <OwnMoneyNote what="redemption" />
        ) : (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button size="small" color="success" onClick={() => open('approve', [r])} aria-label={`Approve R-${r.id}`}>
              Approve
            </Button>
            <Button size="small" color="error" onClick={() => open('reject', [r])} aria-label={`Reject R-${r.id}`}>
              Reject
            </Button>
          </Stack>
        ),
    },
  ];
}
