import { useMemo, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import { Outlet } from 'react-router';
import { PageTabs } from './PageTabs';
import { timeZoneLabel } from '../../shared/format';
import { usePageTitle } from '../../shared/routing';
import { useSession } from '../../shared/session/useSession';
import { layout } from '../theme/tokens';
import { NavMenu } from './NavMenu';
import { homeFor, navigationFor } from './navigation';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { SupportViewBanner } from './SupportViewBanner';
import { NotificationBell } from '../../features/notifications/NotificationBell';

/**
 * The signed-in layout (UI.md "Layout"): a 260px navigation (an overlay
 * drawer below lg), a 64px app bar, the page at most 1440px wide, a slim footer.
 */
export function VerticalLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const { isAdmin, user } = useSession();
  const isMember = user?.isMember ?? true;
  const sections = useMemo(() => navigationFor(isAdmin, isMember), [isAdmin, isMember]);
  const home = homeFor(isAdmin);
  const title = usePageTitle();

  const paperSx = {
    width: layout.navWidth,
    boxSizing: 'border-box' as const,
    bgcolor: 'background.default',
    borderRight: 0,
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {desktop ? (
        <Drawer
          variant="permanent"
          data-testid="nav-drawer"
          sx={{ width: layout.navWidth, flexShrink: 0 }}
          slotProps={{ paper: { sx: paperSx } }}
        >
          <NavMenu sections={sections} home={home} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          data-testid="nav-drawer"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { ...paperSx, bgcolor: 'background.paper' } } }}
        >
          <NavMenu sections={sections} home={home} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar title={title} desktop={desktop} onOpenNav={() => setMobileOpen(true)} />

        <Box
          component="main"
          sx={{
            flex: 1,
            width: '100%',
            maxWidth: layout.contentMaxWidth,
            mx: 'auto',
            px: { xs: 4, md: 6 },
            py: { xs: 4, md: 6 },
            minWidth: 0,
          }}
        >
          <PageTabs />
          <Outlet />
        </Box>

        <Footer />
      </Box>
    </Box>
  );
}

/** The app bar: a support view's banner, the navigation's button below lg, the page's title, the bell, the theme toggle and the user's menu. */
function TopBar({ title, desktop, onOpenNav }: { title: string | undefined; desktop: boolean; onOpenNav: () => void }) {
  const theme = useTheme();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      sx={{
        bgcolor: alpha(theme.palette.background.default, 0.88),
        backdropFilter: 'blur(6px)',
        color: 'text.primary',
        boxShadow: 'none',
      }}
    >
      <SupportViewBanner />
      <Toolbar
        disableGutters
        sx={{
          minHeight: `${layout.appBarHeight}px !important`,
          height: layout.appBarHeight,
          width: '100%',
          maxWidth: layout.contentMaxWidth,
          mx: 'auto',
          px: { xs: 4, md: 6 },
          gap: 2,
        }}
      >
        {!desktop && (
          <IconButton
            edge="start"
            color="inherit"
            aria-label="Open navigation"
            data-testid="nav-toggle"
            onClick={onOpenNav}
          >
            <MenuOutlined />
          </IconButton>
        )}
        <Typography variant="h5" component="h1" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="page-title">
          {title}
        </Typography>
        <NotificationBell />
        <ThemeToggle />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        width: '100%',
        maxWidth: layout.contentMaxWidth,
        mx: 'auto',
        px: { xs: 4, md: 6 },
        py: 4,
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 2,
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">© {new Date().getFullYear()} Members Portal</Typography>
      {/* Every date on the page is in this zone (shared/format.ts); said once, here. */}
      <Typography variant="body2" data-testid="time-zone">
        Dates and times in {timeZoneLabel()}
      </Typography>
      <Typography variant="body2">USDT on BNB Smart Chain (BEP20)</Typography>
    </Box>
  );
}
