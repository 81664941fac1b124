import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { closeSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { ThemeModeProvider } from './theme/ThemeModeProvider';

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

/** Theme, toasts (top center, 3 s, dismissible, paused on hover) and server state. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={3000}
        Components={TOAST_COMPONENTS}
        action={(key) => (
          <IconButton size="small" color="inherit" aria-label="Dismiss" onClick={() => closeSnackbar(key)}>
            <CloseOutlined fontSize="small" />
          </IconButton>
        )}
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </SnackbarProvider>
    </ThemeModeProvider>
  );
}
