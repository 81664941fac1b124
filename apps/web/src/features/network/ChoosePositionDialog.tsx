import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Side, WaitingMember } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { SearchField } from '../../shared/components/ListFilters';
import { formatCount } from '../../shared/format';
import { useFreeSlots, usePlacementTree } from './api';
import { BinaryTree } from './BinaryTree';
import { TreeMoves } from './TreeMoves';

/** A position chosen for the waiting member: under `parent`, on `side`. */
export interface ChosenSlot {
  parentId: number;
  parentUsername: string;
  side: Side;
}

type View = 'free' | 'tree';

/**
 * Where to place a waiting member: the free positions of the sponsor's team
 * offered directly, nearest first, with a search; or
 * the team as a binary tree to look around in. Full screen on a phone, where
 * the tree shows one level at a time so it fits 360 px.
 */
export function ChoosePositionDialog(props: {
  member: WaitingMember;
  startAt?: number;
  onClose: () => void;
  onChoose: (slot: ChosenSlot) => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [view, setView] = useState<View>('free');

  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={fullScreen}
      maxWidth="lg"
      fullWidth
      aria-labelledby="choose-position-title"
    >
      <DialogTitle id="choose-position-title" sx={{ overflowWrap: 'anywhere' }}>
        Choose a position for {props.member.username}
      </DialogTitle>
      <Tabs
        value={view}
        onChange={(_e, next: View) => setView(next)}
        aria-label="How to choose"
        sx={{ px: { xs: 2, sm: 6 } }}
      >
        <Tab value="free" label="Free positions" />
        <Tab value="tree" label="Tree" />
      </Tabs>
      <DialogContent sx={{ px: { xs: 3, sm: 6 } }}>
        {view === 'free' ? (
          <FreeSlotList member={props.member} onChoose={props.onChoose} />
        ) : (
          <TreeChooser startAt={props.startAt} onChoose={props.onChoose} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function FreeSlotList({ member, onChoose }: { member: WaitingMember; onChoose: (slot: ChosenSlot) => void }) {
  const [search, setSearch] = useState('');
  const slots = useFreeSlots(member.id, search);
  const data = slots.data;

  return (
    <Box sx={{ pt: 2 }}>
      <Box sx={{ display: 'grid', mb: 3 }}>
        <SearchField
          label="Search a username in the team"
          value={search}
          onChange={(value) => setSearch(value.replace(/[^A-Za-z0-9_.-]/g, ''))}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {search
          ? `Free positions under members whose username starts with “${search}”.`
          : `The free positions of ${data ? `${data.sponsor}’s` : 'the'} team nearest the top, level 1 first.`}
      </Typography>
      {slots.isFetching && <LinearProgress sx={{ mb: 2 }} />}
      {slots.isError ? (
        <Alert severity="error">{errorMessage(slots.error, 'The free positions could not be loaded.')}</Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={160} />
      ) : data.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {search
            ? `No free position under a username starting with “${search}”.`
            : 'No free position was found near the top of the team.'}
        </Typography>
      ) : (
        <List aria-label="Free positions" data-testid="free-slots" disablePadding>
          {data.items.map((slot) => {
            const name = `${slot.side === 'left' ? 'Left' : 'Right'} of ${slot.parentUsername}`;
            return (
              <ListItem
                key={`${slot.parentId}:${slot.side}`}
                divider
                data-testid={`free-slot-${slot.parentUsername}-${slot.side}`}
                secondaryAction={
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`Place here, ${name.toLowerCase()}`}
                    onClick={() =>
                      onChoose({ parentId: slot.parentId, parentUsername: slot.parentUsername, side: slot.side })
                    }
                  >
                    Place here
                  </Button>
                }
                sx={{ pr: 16 }}
              >
                <ListItemText
                  primary={name}
                  secondary={`${slot.parentFullName} · level ${formatCount(slot.level)}`}
                  slotProps={{
                    primary: { sx: { overflowWrap: 'anywhere' } },
                    secondary: { sx: { overflowWrap: 'anywhere' } },
                  }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {data?.more && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          There are more free positions deeper in the team: search a username, or look in the tree.
        </Typography>
      )}
      {data?.searchTruncated && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          Many usernames start with “{search}”: type more of it to narrow the search.
        </Typography>
      )}
    </Box>
  );
}

/** The sponsor's team as a binary tree, free positions clickable; members open further down. */
function TreeChooser({ startAt, onChoose }: { startAt?: number; onChoose: (slot: ChosenSlot) => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const tablet = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [root, setRoot] = useState<number | undefined>(startAt);
  const tree = usePlacementTree(root, phone ? 1 : tablet ? 2 : 3);

  return (
    <Box sx={{ pt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 4 }}>
        <TreeMoves
          size="small"
          startLabel="Back to the top"
          atStart={root === startAt}
          upId={root === startAt ? undefined : tree.data?.upId}
          onStart={() => setRoot(startAt)}
          onUp={setRoot}
        />
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          Click “Place here” on a free position, or a member to look further down
          {tree.data
            ? ` (${formatCount(tree.data.root.leftCount + tree.data.root.rightCount)} below ${tree.data.root.username})`
            : ''}
          .
        </Typography>
      </Box>
      {tree.isFetching && <LinearProgress sx={{ mb: 2 }} />}
      {tree.isError ? (
        <Alert severity="error">{errorMessage(tree.error, 'The tree could not be loaded.')}</Alert>
      ) : tree.data ? (
        <BinaryTree
          tree={tree.data}
          onOpen={(node) => node.id !== tree.data.root.id && setRoot(node.id)}
          onChooseSlot={(parent, side) => onChoose({ parentId: parent.id, parentUsername: parent.username, side })}
        />
      ) : (
        <Skeleton variant="rounded" height={280} />
      )}
    </Box>
  );
}
