import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { createQueryClient } from '../../shared/api/queryClient';
import { Logo } from '../../shared/components/Logo';
import { session } from '../../shared/session/instance';
import { withSignedInComponents } from '../theme/signed-in-components';
import { ThemeToggle } from './ThemeToggle';

/** The public pages' server state: their own client, as the signed-in frame has its own (SignedInFrame.tsx). */
const queryClient = createQueryClient(session);

/**
 * Pages anyone may open (the proof of reserves): the logo, the theme toggle and the page at full width, with
 * server state and the signed-in pages' component overrides (their tables), in light and dark alike.
 */
export function PublicLayout() {
  return (
    <ThemeProvider theme={withSignedInComponents}>
      <QueryClientProvider client={queryClient}>
        <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
          <Box
            component="header"
            sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: { xs: 4, sm: 6 }, py: 3 }}
          >
            <Box
              component={Link}
              to="/login"
              aria-label="Members Portal"
              sx={{ display: 'flex', textDecoration: 'none' }}
            >
              <Logo />
            </Box>
            <ThemeToggle />
          </Box>
          <Container component="main" maxWidth="lg" sx={{ pb: 10 }}>
            <Outlet />
          </Container>
        </Box>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
