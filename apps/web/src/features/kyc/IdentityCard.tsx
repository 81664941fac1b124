import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import {
  IDENTITY_SIDE_LABELS,
  identitySides,
  type IdentityRequirement,
  type IdentitySide,
  type IdentityStatusAnswer,
} from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useIdentityStatus, useUploadIdentityDocument } from './api';

/** When withdrawals need a verified identity, in words, from the settings in force. */
export function requirementInWords(required: IdentityRequirement): string {
  if (required.always) return 'Every withdrawal needs a verified identity.';
  const rules = [
    required.above && `a withdrawal of more than ${formatMoney(required.above, { unit: 'USDT' })}`,
    required.above30Days &&
      `withdrawals adding up to more than ${formatMoney(required.above30Days, { unit: 'USDT' })} over 30 days`,
  ].filter(Boolean);
  if (rules.length === 0)
    return 'Withdrawals do not need a verified identity at present; verifying now saves a wait later.';
  return `A verified identity is needed for ${rules.join(', and for ')}.`;
}

/** The check's state in one alert: what happened and what to do next. */
function StateAlert({ check }: { check: IdentityStatusAnswer }) {
  const missing = check.missing.map((side) => IDENTITY_SIDE_LABELS[side].toLowerCase()).join(', ');
  switch (check.status) {
    case 'approved':
      return <Alert severity="success">Your identity is verified.</Alert>;
    case 'pending':
      return (
        <Alert severity="info">
          Your documents are waiting for an admin's review. You will be told of the decision.
        </Alert>
      );
    case 'rejected':
      return (
        <Alert severity="error">
          Your documents were rejected{check.reason ? `: ${check.reason}` : ''}. Upload all three again: {missing}.
        </Alert>
      );
    case 'incomplete':
      return (
        <Alert severity="warning">Still missing: {missing}. Your documents are reviewed once all three are in.</Alert>
      );
    default:
      return (
        <Alert severity="info">
          You have not verified your identity yet. Upload the front and back of an identity document (passport, identity
          card or driving licence) and a selfie holding it.
        </Alert>
      );
  }
}

/** One side: uploaded when, or missing; its upload button (a file chooser for JPEG, PNG or WebP). */
function SideRow({ side, check }: { side: IdentitySide; check: IdentityStatusAnswer }) {
  const toast = useToast();
  const upload = useUploadIdentityDocument();
  const document = check.status === 'rejected' ? undefined : check.documents.find((d) => d.side === side);
  const label = IDENTITY_SIDE_LABELS[side];
  const send = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ side, file });
      toast.success(`${label}: uploaded.`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2">{label}</Typography>
        <Typography variant="body2" color={document ? 'text.secondary' : 'warning.main'}>
          {document ? `Uploaded ${formatDateTime(document.uploadedAt)}` : 'Missing'}
        </Typography>
      </Box>
      {check.status !== 'approved' && (
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadOutlined />}
          disabled={upload.isPending}
        >
          {document ? 'Replace' : 'Upload'}
          <input
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label={`Upload: ${label}`}
            onChange={(event) => {
              void send(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
      )}
    </Box>
  );
}

/**
 * Account settings → Identity: the member's identity check (docs/decisions/0070-identity-checks.md), when
 * withdrawals need it, and an upload per side. The pictures are never shown back: only admins see them.
 */
export function IdentityCard() {
  const check = useIdentityStatus();
  return (
    <Box component="section" aria-labelledby="identity-heading">
      <Typography variant="h6" component="h2" id="identity-heading" sx={{ mb: 1 }}>
        Identity check
      </Typography>
      {check.isPending ? (
        <Stack spacing={3} role="status" aria-busy="true" aria-label="Loading your identity check">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={160} />
        </Stack>
      ) : check.isError ? (
        isSessionEnded(check.error) ? null : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void check.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(check.error, 'Your identity check could not be loaded.')}
          </Alert>
        )
      ) : (
        <Stack spacing={5}>
          <Typography variant="body2" color="text.secondary">
            {requirementInWords(check.data.required)} Your pictures are kept privately, without their metadata, and only
            admins reviewing them can see them.
          </Typography>
          <StateAlert check={check.data} />
          <Stack spacing={4}>
            {identitySides.map((side) => (
              <SideRow key={side} side={side} check={check.data} />
            ))}
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
