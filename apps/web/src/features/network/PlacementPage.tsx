import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyboardArrowLeftOutlined from '@mui/icons-material/KeyboardArrowLeftOutlined';
import KeyboardArrowRightOutlined from '@mui/icons-material/KeyboardArrowRightOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { PlacementBody, Side, WaitingMember } from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField } from '../../shared/components/ListFilters';
import { StatusChip } from '../../shared/components/StatusChip';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { formatCount, formatDate } from '../../shared/format';
import { useListParams } from '../../shared/list-params';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/toast';
import { usePlaceMember, useWaitingList } from './api';
import { ChoosePositionDialog, type ChosenSlot } from './ChoosePositionDialog';

/** What the sponsor is about to do, restated before it is done: a placement cannot be undone. */
type Pending =
  { kind: 'auto'; member: WaitingMember; side: Side } | { kind: 'slot'; member: WaitingMember; slot: ChosenSlot };

const FILTERS = ['search'] as const;

/**
 * /placement: the referrals who joined without a leg wait here, counted and
 * listed on the shared list kit. The sponsor puts each into a free position
 * of its own team (offered directly, or found in the tree), or at the bottom
 * of a leg.
 */
export function PlacementPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '' });
  const waiting = useWaitingList(list.page, list.pageSize, list.filters.search);
  const place = usePlaceMember();
  const toast = useToast();
  const { isAdmin } = useSession();
  const [choosing, setChoosing] = useState<WaitingMember | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = async () => {
    if (!pending) return;
    const body: PlacementBody =
      pending.kind === 'auto'
        ? { memberId: pending.member.id, auto: pending.side }
        : { memberId: pending.member.id, parentId: pending.slot.parentId, side: pending.slot.side };
    try {
      const result = await place.mutateAsync(body);
      toast.success(`${result.username} is placed on the ${result.side} of ${result.parentUsername}.`);
      setPending(null);
      setChoosing(null);
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(errorMessage(error, 'The placement did not go through.'));
      setPending(null);
    }
  };

  const columns: Column<WaitingMember>[] = [
    {
      id: 'member',
      label: 'Member',
      render: (member) => (
        <Box sx={{ minWidth: 140 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {member.username}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {member.fullName}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'joined',
      label: 'Joined',
      secondary: true,
      render: (member) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(member.joinedAt)}</span>,
    },
    ...(isAdmin
      ? [
          {
            id: 'sponsor',
            label: 'Sponsor',
            render: (member: WaitingMember) => (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <span>{member.sponsor}</span>
                {!member.sponsorPlaced && <StatusChip status="pending" label="Sponsor not placed yet" />}
              </Stack>
            ),
          },
        ]
      : []),
    {
      id: 'asked',
      label: 'Asked for',
      secondary: true,
      render: (member) =>
        member.requestedSide ? (
          <StatusChip status="side" color="info" label={`The ${member.requestedSide} leg`} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No leg
          </Typography>
        ),
    },
    {
      id: 'place',
      label: 'Place',
      render: (member) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, minWidth: 160 }}>
          <Button
            size="small"
            variant="contained"
            startIcon={<PlaceOutlined />}
            disabled={!member.sponsorPlaced}
            onClick={() => setChoosing(member)}
          >
            Choose a position
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<KeyboardArrowLeftOutlined />}
            disabled={!member.sponsorPlaced}
            onClick={() => setPending({ kind: 'auto', member, side: 'left' })}
          >
            Bottom of left leg
          </Button>
          <Button
            size="small"
            variant="outlined"
            endIcon={<KeyboardArrowRightOutlined />}
            disabled={!member.sponsorPlaced}
            onClick={() => setPending({ kind: 'auto', member, side: 'right' })}
          >
            Bottom of right leg
          </Button>
        </Box>
      ),
    },
  ];

  const total = waiting.data?.total;
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
              {total === undefined
                ? 'Counting…'
                : list.filters.search
                  ? `${formatCount(total)} waiting ${total === 1 ? 'member matches' : 'members match'} “${list.filters.search}”.`
                  : total === 0
                    ? 'No member waits to be placed.'
                    : `${formatCount(total)} ${total === 1 ? 'member waits' : 'members wait'} to be placed.`}
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

      <Dialog
        open={pending !== null}
        onClose={() => !place.isPending && setPending(null)}
        aria-labelledby="confirm-placement-title"
      >
        <DialogTitle id="confirm-placement-title" sx={{ overflowWrap: 'anywhere' }}>
          Place {pending?.member.username}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {pending?.kind === 'auto'
              ? `${pending.member.username} goes to the bottom of the ${pending.side} leg of ${isAdmin ? `${pending.member.sponsor}'s` : 'your'} team (the first free position, following the ${pending.side} side down).`
              : pending
                ? `${pending.member.username} goes into the free ${pending.slot.side} position under ${pending.slot.parentUsername}.`
                : ''}{' '}
            A placement is final.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)} disabled={place.isPending}>
            Cancel
          </Button>
          <SubmitButton variant="contained" loading={place.isPending} onClick={() => void confirm()}>
            Place
          </SubmitButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
