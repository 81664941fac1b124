import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WaitingMember } from '@portal/contract';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField } from '../../shared/components/ListFilters';
import { plural } from '../../shared/words';
import { useListParams } from '../../shared/list-params';
import { useSession } from '../../shared/session/useSession';
import { useWaitingList } from './api';
import { ChoosePositionDialog } from './ChoosePositionDialog';
import { ConfirmPlacementDialog, type PendingPlacement } from './placement/ConfirmPlacementDialog';
import { placementColumns } from './placement/placement-columns';

const FILTERS = ['search'] as const;

/** The count above the list, of what the search matches when there is one. */
function waitingCount(total: number | undefined, search: string): string {
  if (total === undefined) return 'Counting…';
  if (search) return `${plural(total, 'waiting member matches', 'waiting members match')} “${search}”.`;
  if (total === 0) return 'No member waits to be placed.';
  return `${plural(total, 'member waits', 'members wait')} to be placed.`;
}

/**
 * /placement: the referrals who joined without a leg wait here, counted and
 * listed on the shared list kit. The sponsor puts each into a free position
 * of its own team (offered directly, or found in the tree), or at the bottom
 * of a leg.
 */
export function PlacementPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '' });
  const waiting = useWaitingList(list.page, list.pageSize, list.filters.search);
  const { isAdmin } = useSession();
  const [choosing, setChoosing] = useState<WaitingMember | null>(null);
  const [pending, setPending] = useState<PendingPlacement | null>(null);

  const columns = placementColumns(isAdmin, {
    onChoose: setChoosing,
    onBottom: (member, side) => setPending({ kind: 'auto', member, side }),
  });

  return (
    <Stack spacing={6}>
      {waiting.data && !waiting.data.viewerPlaced && (
        <Alert severity="info">
          You have not been placed in the binary tree yet. Your referrals wait until your sponsor places you; then you
          can place them here.
        </Alert>
      )}
      <ListCard
        title="Waiting to be placed"
        subheader={
          <>
            <Typography
              component="span"
              variant="body2"
              sx={{ fontWeight: 600, display: 'block' }}
              data-testid="waiting-count"
            >
              {waitingCount(waiting.data?.total, list.filters.search)}
            </Typography>
            {isAdmin
              ? 'Every member who joined without a leg, with their sponsor. They are placed inside their sponsor’s team.'
              : 'Your referrals who joined with your plain link. Put each into a free position of your team, or at the bottom of a leg.'}
          </>
        }
        filters={
          <SearchField
            label="Search username"
            value={list.filters.search}
            onChange={(search) => list.update({ search: search.replace(/[^A-Za-z0-9_.-]/g, '') })}
            maxLength={32}
          />
        }
        label="Members waiting to be placed"
        columns={columns}
        rowTestId={(member) => `waiting-${member.username}`}
        empty={
          list.filters.search
            ? 'Nobody waiting has a username starting with this.'
            : 'Nobody is waiting. People who join with your plain referral link appear here.'
        }
        list={list}
        result={waiting}
        sort={undefined}
        onSort={undefined}
      />

      {choosing && (
        <ChoosePositionDialog
          member={choosing}
          startAt={isAdmin ? choosing.sponsorId : undefined}
          onClose={() => setChoosing(null)}
          onChoose={(slot) => setPending({ kind: 'slot', member: choosing, slot })}
        />
      )}

      <ConfirmPlacementDialog
        pending={pending}
        isAdmin={isAdmin}
        onClose={() => setPending(null)}
        onPlaced={() => {
          setPending(null);
          setChoosing(null);
        }}
      />
    </Stack>
  );
}
