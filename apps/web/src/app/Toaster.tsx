import { useEffect } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { MaterialDesignContent, SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { connectToaster } from '../shared/toast';
import { layout } from './theme/tokens';

/** Toasts in the theme's colours. */
const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontSize: '0.9375rem',
  borderRadius: theme.shape.borderRadius,
  boxShadow: theme.palette.customColors.cardShadow,
  '&.notistack-MuiContent-default': {
    backgroundColor: theme.palette.mode === 'light' ? '#2E263D' : '#E7E3FC',
    color: theme.palette.mode === 'light' ? '#FFFFFF' : '#2E263D',
  },
  '&.notistack-MuiContent-success': {
    backgroundColor: theme.palette.success.main,
    color: theme.palette.success.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: theme.palette.error.main,
    color: theme.palette.error.contrastText,
  },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main, color: theme.palette.info.contrastText },
  '&.notistack-MuiContent-warning': {
    backgroundColor: theme.palette.warning.main,
    color: theme.palette.warning.contrastText,
  },
}));

const TOAST_COMPONENTS = {
  default: ThemedToast,
  success: ThemedToast,
  error: ThemedToast,
  info: ThemedToast,
  warning: ThemedToast,
};

/**
 * Toasts sit at the top (the original's position) but on the right and below
 * the 64 px app bar, so they never cover the page title or the menu button.
 */
const toastPlacement = (
  <GlobalStyles styles={{ '.portal-toasts': { top: `${layout.appBarHeight + 8}px !important` } }} />
);

/**
 * Shows what `shared/toast.tsx` is asked for. A repeat (saving the same
 * package twice) replaces the toast on screen: it leaves, then the new one
 * enters with a fresh 3 s, so the second save is confirmed too and the text
 * is never on screen twice. notistack's own `preventDuplicate` dropped the
 * repeat instead, even while the first was leaving.
 */
function Deliver() {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(() => {
    const onScreen = new Map<string, { key: SnackbarKey; next?: () => void }>();
    return connectToaster(({ message, variant }) => {
      const enter = () => {
        const key = enqueueSnackbar(message, {
          variant,
          onExited: () => {
            const entry = onScreen.get(message);
            if (entry?.key !== key) return;
            onScreen.delete(message);
            entry.next?.();
          },
        });
        onScreen.set(message, { key });
      };
      const present = onScreen.get(message);
      if (present === undefined) return enter();
      // Several repeats while it leaves: the last one shows.
      present.next = enter;
      closeSnackbar(present.key);
    });
  }, [enqueueSnackbar, closeSnackbar]);
  return null;
}

/** The toasts: top right below the app bar, 3 s, dismissible, paused on hover. */
function Toaster({ autoHideDuration = 3000 }: { autoHideDuration?: number }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      classes={{ containerAnchorOriginTopRight: 'portal-toasts' }}
      autoHideDuration={autoHideDuration}
      Components={TOAST_COMPONENTS}
      action={(key) => <DismissButton snackbarKey={key} />}
    >
      {toastPlacement}
      <Deliver />
    </SnackbarProvider>
  );
}

function DismissButton({ snackbarKey }: { snackbarKey: SnackbarKey }) {
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(snackbarKey)}>
      <CloseOutlined fontSize="small" />
    </IconButton>
  );
}

export default Toaster;
