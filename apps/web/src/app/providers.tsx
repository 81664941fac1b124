import type { ReactNode } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { closeSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { ThemeModeProvider } from './theme/ThemeModeProvider';
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
 * the 64 px app bar, so they never cover the page title or the menu button
 * (issue 15, point 21).
 */
const toastPlacement = (
  <GlobalStyles styles={{ '.portal-toasts': { top: `${layout.appBarHeight + 8}px !important` } }} />
);

/**
 * Theme and toasts (top right below the app bar, 3 s, dismissible, paused on
 * hover; a repeated message replaces itself, see `shared/toast.tsx`). Server state (TanStack Query) is provided by the signed-in frame
 * (`layouts/SignedInFrame.tsx`), so the guest pages do not load it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <SnackbarProvider
        maxSnack={3}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: 'portal-toasts' }}
        autoHideDuration={3000}
        Components={TOAST_COMPONENTS}
        action={(key) => (
          <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        )}
      >
        {toastPlacement}
        {children}
      </SnackbarProvider>
    </ThemeModeProvider>
  );
}
