import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { PlacementBody, Side, WaitingMember } from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../../shared/api/errors';
import { SubmitButton } from '../../../shared/components/SubmitButton';
import { useToast } from '../../../shared/toast';
import { usePlaceMember } from '../api';
import type { ChosenSlot } from '../ChoosePositionDialog';

/** What the sponsor is about to do, restated before it is done: a placement cannot be undone. */
export type PendingPlacement =
  { kind: 'auto'; member: WaitingMember; side: Side } | { kind: 'slot'; member: WaitingMember; slot: ChosenSlot };

interface Props {
  pending: PendingPlacement | null;
  isAdmin: boolean;
  /** Closes this dialog (cancelled, or the placement refused). */
  onClose: () => void;
  /** The member is placed: closes this dialog and the tree it was chosen in. */
  onPlaced: () => void;
}

export function ConfirmPlacementDialog({ pending, isAdmin, onClose, onPlaced }: Props) {
  const place = usePlaceMember();
  const toast = useToast();

  const confirm = async () => {
    if (!pending) return;
    const body: PlacementBody =
      pending.kind === 'auto'
        ? { memberId: pending.member.id, auto: pending.side }
        : { memberId: pending.member.id, parentId: pending.slot.parentId, side: pending.slot.side };
    try {
      const result = await place.mutateAsync(body);
      toast.success(`${result.username} is placed on the ${result.side} of ${result.parentUsername}.`);
      onPlaced();
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(errorMessage(error, 'The placement did not go through.'));
      onClose();
    }
  };

  return (
    <Dialog
      open={pending !== null}
      onClose={() => !place.isPending && onClose()}
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
        <Button onClick={onClose} disabled={place.isPending}>
          Cancel
        </Button>
        <SubmitButton variant="contained" loading={place.isPending} onClick={() => void confirm()}>
          Place
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}
