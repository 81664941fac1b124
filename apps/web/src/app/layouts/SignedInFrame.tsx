import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../shared/api/queryClient';
import { session } from '../../shared/session/instance';
import { prepareToaster } from '../../shared/toast';
import { withSignedInComponents } from '../theme/signed-in-components';
import { VerticalLayout } from './VerticalLayout';

/**
 * Server state lives with the signed-in pages, the only ones that query:
 * the guest pages (the sign-in page first) do not load TanStack Query.
 * One client for the whole tab, emptied when the session ends.
 */
const queryClient = createQueryClient(session);

// Signed-in actions end in toasts: the toaster loads with this frame.
prepareToaster();

/**
 * The signed-in frame: the vertical layout (menu, app bar) over the page, with server state and the theme's
 * overrides of the components only signed-in pages use (tables, tabs, menus...), in light and dark alike.
 */
export function SignedInFrame() {
  return (
    <ThemeProvider theme={withSignedInComponents}>
      <QueryClientProvider client={queryClient}>
        <VerticalLayout />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
