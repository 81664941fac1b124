import { useEffect, useRef, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import { Money } from './Money';

/** A label and value line of a confirmation. */
export function ConfirmLine({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 4,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 600 : 500, textAlign: 'right', overflowWrap: 'anywhere' }} component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** A confirmation line whose value is an amount from the API (a decimal string, never a number). */
export function ConfirmAmount({
  label,
  value,
  unit,
  strong = false,
}: {
  label: string;
  /** As the API answered it; undefined while it loads (shown as a dash). */
  value: string | null | undefined;
  unit: string;
  strong?: boolean;
}) {
  return (
    <ConfirmLine label={label} strong={strong}>
      <Money value={value} unit={unit} />
    </ConfirmLine>
  );
}

/**
 * What a confirmation restates: its lines, then one sentence on what happens
 * to the money. The test id lets browser tests read the summary as a whole.
 */
export function ConfirmSummary({ testId, note, children }: { testId: string; note: ReactNode; children: ReactNode }) {
  return (
    <Box data-testid={testId}>
      {children}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {note}
      </Typography>
    </Box>
  );
}

/** The last step before money moves: what will happen, restated, and an explicit confirmation. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  color = 'primary',
  confirmDisabled = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  color?: 'primary' | 'error';
  /** The confirmation cannot be sent yet (a required field in the dialog is empty). */
  confirmDisabled?: boolean;
}) {
  // A second click before `busy` arrives is ignored: one action, one request, one outcome.
  const lock = useRef(false);
  useEffect(() => {
    if (!busy) lock.current = false;
  });
  const confirm = () => {
    if (lock.current || busy || confirmDisabled) return;
    lock.current = true;
    onConfirm();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button variant="outlined" color="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={color}
          onClick={confirm}
          disabled={busy || confirmDisabled}
          aria-busy={busy || undefined}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
