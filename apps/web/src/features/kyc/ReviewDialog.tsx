import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { IDENTITY_SIDE_LABELS, type IdentityDocument, type IdentityReview } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { formatDateTime } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useDecideIdentity, useIdentityDocument } from './api';

/** One document, fetched with the admin's token and shown from a blob URL, revoked when it leaves the page. */
function DocumentPicture({ document, owner }: { document: IdentityDocument; owner: string }) {
  const picture = useIdentityDocument(document.id);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!picture.data) return undefined;
    const made = URL.createObjectURL(picture.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [picture.data]);
  const label = IDENTITY_SIDE_LABELS[document.side];
  return (
    <Box component="figure" sx={{ m: 0 }}>
      {picture.isError ? (
        <Alert severity="error">{errorMessage(picture.error, `${label} could not be shown.`)}</Alert>
      ) : url ? (
        <Box
          component="img"
          src={url}
          alt={`${label} of ${owner}`}
          sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', height: 160 }} role="status" aria-label={`Loading ${label}`}>
          <CircularProgress size={28} />
        </Box>
      )}
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {label} · uploaded {formatDateTime(document.uploadedAt)}
      </Typography>
    </Box>
  );
}

/**
 * A member's documents (each opening of this dialog is an audited view) and the decision: approve, or reject with
 * a reason the member reads. Full screen on a phone.
 */
export function ReviewDialog({ review, onClose }: { review: IdentityReview; onClose: () => void }) {
  const toast = useToast();
  const decide = useDecideIdentity();
  const [reason, setReason] = useState('');
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const pending = review.status === 'pending';

  const send = async (decision: 'approve' | 'reject') => {
    try {
      await decide.mutateAsync({
        id: review.id,
        body: decision === 'approve' ? { decision } : { decision, reason: reason.trim() },
      });
      toast.success(
        decision === 'approve' ? `${review.username} is verified.` : `${review.username}'s documents were rejected.`,
      );
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="review-title">
      <DialogTitle id="review-title">
        Identity of {review.fullName} (@{review.username})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={4}>
          <Typography variant="body2" color="text.secondary">
            Each opening of these pictures is written to the audit log.
          </Typography>
          {review.documents.length === 0 ? (
            <Alert severity="info">This member has not uploaded any document of their current submission yet.</Alert>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 4,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(220px, 1fr))' },
              }}
            >
              {review.documents.map((document) => (
                <DocumentPicture key={document.id} document={document} owner={review.username} />
              ))}
            </Box>
          )}
          {review.reason && <Alert severity="warning">Rejected before: {review.reason}</Alert>}
          {pending && (
            <TextField
              label="Reason for a rejection"
              helperText="The member reads it; needed only to reject."
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 2 }}>
        <Button onClick={onClose}>Close</Button>
        {pending && (
          <>
            <Button
              color="error"
              disabled={decide.isPending || reason.trim().length < 3}
              onClick={() => void send('reject')}
            >
              Reject
            </Button>
            <Button variant="contained" disabled={decide.isPending} onClick={() => void send('approve')}>
              Approve
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
