import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import KeyboardArrowLeftOutlined from '@mui/icons-material/KeyboardArrowLeftOutlined';
import KeyboardArrowRightOutlined from '@mui/icons-material/KeyboardArrowRightOutlined';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { useSearchParams } from 'react-router';
import type { PlacementBody, PlacementNode, Side, WaitingMember } from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { StatusChip } from '../../shared/components/StatusChip';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { formatCount, formatDate, initialsOf } from '../../shared/format';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/toast';
import { usePlacementTree, usePlaceMember, useWaitingList } from './api';
import { BinaryTree } from './BinaryTree';

/** What the sponsor is about to do, restated before it is done: a placement cannot be undone. */
type Pending =
  | { kind: 'auto'; member: WaitingMember; side: Side }
  | { kind: 'slot'; member: WaitingMember; parent: PlacementNode; side: Side };

const sideLabel = (side: Side) => (side === 'left' ? 'left' : 'right');

/**
 * /placement: the referrals who joined without a leg wait here. The sponsor
 * puts each into a free position of its own team, or at the bottom of a leg.
 */
export function PlacementPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [pageSize, setPageSize] = useState(20);
  const waiting = useWaitingList(page, pageSize);
  const place = usePlaceMember();
  const toast = useToast();
  const { isAdmin } = useSession();
  const [choosing, setChoosing] = useState<WaitingMember | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  if (waiting.isError && isSessionEnded(waiting.error)) return null;

  const confirm = async () => {
    if (!pending) return;
    const body: PlacementBody =
      pending.kind === 'auto'
        ? { memberId: pending.member.id, auto: pending.side }
        : { memberId: pending.member.id, parentId: pending.parent.id, side: pending.side };
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

  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 1) copy.set('page', String(next));
      else copy.delete('page');
      return copy;
    });

  return (
    <Stack spacing={6}>
      {waiting.data && !waiting.data.viewerPlaced && (
        <Alert severity="info">
          You have not been placed in the binary tree yet. Your referrals wait until your sponsor places you; then you can place them here.
        </Alert>
      )}
      <Card>
        <CardHeader
          title="Waiting to be placed"
          subheader={
            isAdmin
              ? 'Every member who joined without a leg, with their sponsor. They are placed inside their sponsor’s team.'
              : 'Your referrals who joined with your plain link. Put each into a free position of your team, or at the bottom of a leg.'
          }
        />
        {waiting.isFetching && waiting.data && <LinearProgress />}
        <CardContent>
          {waiting.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void waiting.refetch()}>
                  Try again
                </Button>
              }
            >
              {errorMessage(waiting.error, 'The waiting list could not be loaded.')}
            </Alert>
          ) : !waiting.data ? (
            <Stack spacing={3}>
              {[0, 1].map((i) => (
                <Skeleton key={i} variant="rounded" height={88} />
              ))}
            </Stack>
          ) : waiting.data.items.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
              Nobody is waiting. People who join with your plain referral link appear here.
            </Typography>
          ) : (
            <Stack spacing={3} component="ul" sx={{ m: 0, p: 0 }}>
              {waiting.data.items.map((member) => (
                <Box
                  component="li"
                  key={member.id}
                  data-testid={`waiting-${member.username}`}
                  sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3, p: 3, border: 1, borderColor: 'divider', borderRadius: 1.5 }}
                >
                  <TonalAvatar color="warning">{initialsOf(member.fullName)}</TonalAvatar>
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {member.username}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {member.fullName}
                      </Typography>
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mt: 0.5 }}>
                      <Typography variant="caption" color="text.secondary">
                        Joined {formatDate(member.joinedAt)}
                        {isAdmin ? ` · sponsor ${member.sponsor}` : ''}
                      </Typography>
                      {member.requestedSide && <StatusChip status="side" color="info" label={`Asked for the ${member.requestedSide} leg`} />}
                      {isAdmin && !member.sponsorPlaced && <StatusChip status="pending" label="Sponsor not placed yet" />}
                    </Box>
                  </Box>
                  <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
                    <Button size="small" variant="outlined" startIcon={<KeyboardArrowLeftOutlined />} disabled={!member.sponsorPlaced} onClick={() => setPending({ kind: 'auto', member, side: 'left' })}>
                      Bottom of left leg
                    </Button>
                    <Button size="small" variant="outlined" endIcon={<KeyboardArrowRightOutlined />} disabled={!member.sponsorPlaced} onClick={() => setPending({ kind: 'auto', member, side: 'right' })}>
                      Bottom of right leg
                    </Button>
                    <Button size="small" variant="contained" startIcon={<PlaceOutlined />} disabled={!member.sponsorPlaced} onClick={() => setChoosing(member)}>
                      Choose a position
                    </Button>
                  </Stack>
                </Box>
              ))}
            </Stack>
          )}
        </CardContent>
        {waiting.data && waiting.data.total > 0 && (
          <TablePagination
            component="div"
            count={waiting.data.total}
            page={page - 1}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 20, 50, 100]}
            onPageChange={(_e, next) => setPage(next + 1)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(1);
            }}
          />
        )}
      </Card>

      {choosing && (
        <ChoosePositionDialog
          member={choosing}
          startAt={isAdmin ? choosing.sponsorId : undefined}
          onClose={() => setChoosing(null)}
          onChoose={(parent, side) => setPending({ kind: 'slot', member: choosing, parent, side })}
        />
      )}

      <Dialog open={pending !== null} onClose={() => !place.isPending && setPending(null)} aria-labelledby="confirm-placement-title">
        <DialogTitle id="confirm-placement-title">Place {pending?.member.username}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {pending?.kind === 'auto'
              ? `${pending.member.username} goes to the bottom of the ${sideLabel(pending.side)} leg of ${isAdmin ? `${pending.member.sponsor}'s` : 'your'} team (the first free position, following the ${sideLabel(pending.side)} side down).`
              : pending
                ? `${pending.member.username} goes into the free ${sideLabel(pending.side)} position under ${pending.parent.username}.`
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

/** The sponsor's team as a binary tree, free positions clickable; members open further down. */
function ChoosePositionDialog(props: { member: WaitingMember; startAt?: number; onClose: () => void; onChoose: (parent: PlacementNode, side: Side) => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [root, setRoot] = useState<number | undefined>(props.startAt);
  const depth = fullScreen ? 2 : 3;
  const tree = usePlacementTree(root, depth);
  const home = props.startAt;

  return (
    <Dialog open onClose={props.onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="choose-position-title">
      <DialogTitle id="choose-position-title">Choose a position for {props.member.username}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 4 }}>
          <Button size="small" variant="outlined" startIcon={<MyLocationOutlined />} disabled={root === home} onClick={() => setRoot(home)}>
            Back to the top
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ArrowUpwardOutlined />}
            disabled={!tree.data?.upId || root === home}
            onClick={() => tree.data?.upId && setRoot(tree.data.upId)}
          >
            Up one level
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            Click “Place here” on a free position, or a member to look further down
            {tree.data ? ` (${formatCount(tree.data.root.leftCount + tree.data.root.rightCount)} below ${tree.data.root.username})` : ''}.
          </Typography>
        </Box>
        {tree.isFetching && <LinearProgress sx={{ mb: 2 }} />}
        {tree.isError ? (
          <Alert severity="error">{errorMessage(tree.error, 'The tree could not be loaded.')}</Alert>
        ) : tree.data ? (
          <BinaryTree tree={tree.data} onOpen={(node) => node.id !== tree.data.root.id && setRoot(node.id)} onChooseSlot={props.onChoose} />
        ) : (
          <Skeleton variant="rounded" height={280} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
