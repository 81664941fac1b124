import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ThemeToggle } from '../../app/layouts/ThemeToggle';
import { withSignedInComponents } from '../../app/theme/signed-in-components';
import { useThemeMode } from '../../app/theme/ThemeModeProvider';
import { Logo } from '../../shared/components/Logo';
import { SAMPLE_DATA_LABEL } from './labels';
import { STYLE_GUIDE_PAGES } from './routes';

/**
 * The style guide's frame: the five pages' navigation, the light/dark switch
 * and the sample-data notice. It adds the theme's overrides of the signed-in
 * components (tables, menus, card headers) as the signed-in frame does, so
 * the components look here as they do on the pages that use them; it loads
 * no server state (no TanStack Query, no API client).
 */
export function StyleGuideLayout() {
  const { mode } = useThemeMode();
  const { pathname } = useLocation();
  const current = STYLE_GUIDE_PAGES.find((entry) => entry.path === pathname.replace(/\/+$/, ''));
  return (
    <ThemeProvider theme={withSignedInComponents}>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 3,
            flexWrap: 'wrap',
            px: { xs: 4, sm: 6 },
            py: 3,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {/* To the portal, never to /login: visiting /login ends a session (app/guard.ts), and the dashboard's guard
              sends a signed-out visitor to the sign-in anyway. */}
          <Box
            component={Link}
            to="/dashboard"
            aria-label="Members Portal: go to the portal"
            sx={{ display: 'flex', textDecoration: 'none' }}
          >
            <Logo />
          </Box>
          <Typography component="p" variant="h6" sx={{ flex: 1, minWidth: 0 }}>
            Style guide
          </Typography>
          <Typography
            component="p"
            variant="body2"
            color="text.secondary"
            data-testid="style-guide-mode"
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {mode === 'light' ? 'Light theme' : 'Dark theme'}
          </Typography>
          <ThemeToggle />
        </Box>
        <Box
          component="nav"
          aria-label="Style guide pages"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, px: { xs: 4, sm: 6 }, pt: 4 }}
        >
          {STYLE_GUIDE_PAGES.map((entry) => (
            <Button
              key={entry.path}
              component={NavLink}
              to={entry.path}
              size="small"
              variant={entry === current ? 'contained' : 'outlined'}
            >
              {entry.label}
            </Button>
          ))}
        </Box>
        <Box component="main" sx={{ px: { xs: 4, sm: 6 }, py: 5, maxWidth: 1280 }}>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {current?.title ?? 'Style guide'}
          </Typography>
          <Alert severity="info" sx={{ mb: 6 }} data-testid="sample-data-label">
            <strong>{SAMPLE_DATA_LABEL}.</strong> These pages call no API: every name, figure and row is made up, shown
            with the portal&apos;s own theme and components. Switch the theme to see both.
          </Alert>
          <Outlet />
        </Box>
      </Box>
    </ThemeProvider>
  );
}
