import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import type { Package, Rank } from '@portal/contract';
import { errorMessage } from '../../../shared/api/errors';
import type { Column } from '../../../shared/components/DataTable';
import { StatusChip } from '../../../shared/components/StatusChip';
import { formatCount } from '../../../shared/format';
import { useToast } from '../../../shared/toast';
import { useOrderRanks } from '../api';
import { RankChip } from '../RankChip';
import { bonusText, draftOf, requirementsText, type RankDraft } from '../rank-draft';

/** The ladder's columns, the last with the buttons that move a rank one step and open it for editing. */
export function useRankColumns(items: Rank[], packages: Package[], edit: (draft: RankDraft) => void): Column<Rank>[] {
  const toast = useToast();
  const order = useOrderRanks();

  // The API takes the whole order: the ladder as shown, with the two ranks swapped.
  const move = async (index: number, by: -1 | 1) => {
    const ids = items.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    try {
      await order.mutateAsync(ids);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const actions = (r: Rank) => {
    const index = items.indexOf(r);
    return (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <IconButton
          size="small"
          aria-label={`Move ${r.name} down`}
          disabled={index === 0 || order.isPending}
          onClick={() => void move(index, -1)}
        >
          <ArrowDownwardOutlined fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Move ${r.name} up`}
          disabled={index === items.length - 1 || order.isPending}
          onClick={() => void move(index, 1)}
        >
          <ArrowUpwardOutlined fontSize="small" />
        </IconButton>
        <Button size="small" onClick={() => edit(draftOf(r))}>
          Edit
        </Button>
      </Stack>
    );
  };

  return [
    { id: 'position', label: '#', render: (r) => r.position },
    { id: 'rank', label: 'Rank', render: (r) => <RankChip rank={r} /> },
    { id: 'kind', label: 'Kind', secondary: true, render: (r) => (r.kind === 'lifetime' ? 'Lifetime' : 'Period') },
    { id: 'requirements', label: 'Requirements', render: (r) => requirementsText(r, items, packages) },
    { id: 'bonus', label: 'Bonus', align: 'right', render: bonusText },
    {
      id: 'members',
      label: 'Hold / reached',
      align: 'right',
      secondary: true,
      render: (r) => `${formatCount(r.holders)} / ${formatCount(r.reached)}`,
    },
    { id: 'status', label: 'Status', render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} /> },
    { id: 'actions', label: '', align: 'right', render: actions },
  ];
}
