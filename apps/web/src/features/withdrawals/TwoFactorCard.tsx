import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import type { TwoFactorSetup } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDate } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useTwoFactor, useTwoFactorActions } from './api';

/** Account settings → Security: turn two-factor sign-in (TOTP) on with a QR code and a first code, or off with a code. */
export function TwoFactorCard() {
  const toast = useToast();
  const status = useTwoFactor();
  const actions = useTwoFactorActions();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  const start = async () => {
    setError(null);
    try {
      setSetup(await actions.setup.mutateAsync());
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  const enable = async () => {
    setError(null);
    try {
      const enabled = await actions.enable.mutateAsync(code.trim());
      setRecovery(enabled.recoveryCodes);
      setSetup(null);
      setCode('');
      toast.success('Two-factor sign-in is on.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const disable = async () => {
    setError(null);
    try {
      await actions.disable.mutateAsync(code.trim());
      setCode('');
      setRecovery(null);
      toast.success('Two-factor sign-in is off.');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const enabled = status.data?.enabled ?? false;
  return (
    <Box component="section" aria-labelledby="two-factor-title" data-testid="two-factor">
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id="two-factor-title">
          Two-factor sign-in
        </Typography>
        {status.data && (
          <StatusChip
            status={enabled ? 'enabled' : 'off'}
            color={enabled ? 'success' : 'secondary'}
            label={enabled ? 'On' : 'Off'}
          />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        With two-factor on, signing in and every withdrawal ask for a 6-digit code from an authenticator app (Google
        Authenticator, Authy, 1Password…).
        {enabled && status.data?.enabledAt
          ? ` On since ${formatDate(status.data.enabledAt)}; ${status.data.recoveryCodesLeft} recovery codes left.`
          : ''}
      </Typography>
      {status.data?.required && !enabled && (
        <Alert severity="warning" sx={{ mb: 4 }} data-testid="admin-two-factor-required">
          As an admin you approve withdrawals, redemptions and consolidations and change settings: the portal asks for
          two-factor sign-in before any of these, so that a stolen password alone cannot move money. Set it up below (it
          takes a minute); large approvals will also ask for a fresh code.
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 4 }} role="alert">
          {error}
        </Alert>
      )}
      {recovery && <RecoveryCodes codes={recovery} />}
      {!enabled && !setup && (
        <Button variant="contained" onClick={() => void start()} disabled={actions.setup.isPending || status.isPending}>
          Set up two-factor sign-in
        </Button>
      )}
      {!enabled && setup && (
        <EnableSteps
          setup={setup}
          code={code}
          onCode={setCode}
          busy={actions.enable.isPending}
          onEnable={() => void enable()}
        />
      )}
      {enabled && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label="Current code"
            size="small"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            helperText="Or a recovery code."
          />
          <Button variant="outlined" color="error" onClick={() => void disable()} disabled={actions.disable.isPending}>
            Turn off two-factor
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** The recovery codes, shown once when two-factor is turned on. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert severity="warning" sx={{ mb: 4 }} data-testid="recovery-codes">
      <Typography sx={{ fontWeight: 600, mb: 2 }}>Save these recovery codes now: they are shown only once.</Typography>
      <Typography component="pre" sx={{ fontFamily: 'monospace', m: 0 }}>
        {codes.join('\n')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 2 }}>
        Each one signs you in once if you lose your phone.
      </Typography>
    </Alert>
  );
}

interface StepsProps {
  setup: TwoFactorSetup;
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
  onEnable: () => void;
}

/** Turning two-factor on: the QR code (or the key to type), then the first code it shows. */
function EnableSteps({ setup, code, onCode, busy, onEnable }: StepsProps) {
  return (
    <Stack spacing={4} sx={{ maxWidth: 420 }}>
      <Typography>1. Scan this QR code with your authenticator app.</Typography>
      <Box sx={{ p: 3, bgcolor: '#fff', width: 'fit-content', borderRadius: 1 }}>
        <QRCodeSVG value={setup.otpauthUrl} size={180} aria-label="Two-factor QR code" />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Or type this key: <code data-testid="totp-secret">{setup.secret}</code>
      </Typography>
      <Typography>2. Enter the code it shows.</Typography>
      <TextField
        label="Code"
        value={code}
        onChange={(e) => onCode(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'totp-enable-code' } }}
      />
      <Box>
        <Button variant="contained" disabled={busy || !code.trim()} onClick={onEnable}>
          Turn on
        </Button>
      </Box>
    </Stack>
  );
}
