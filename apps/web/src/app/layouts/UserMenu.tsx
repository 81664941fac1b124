import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { Link, useNavigate } from 'react-router';
import { api } from '../../shared/api/instance';
import { initialsOf } from '../../shared/format';
import { session } from '../../shared/session/instance';
import { useSession } from '../../shared/session/useSession';

/** Read by assistive technology, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

export function roleLabel(role: string): string {
  return role.toLowerCase() === 'admin' ? 'Admin' : 'Member';
}

/** The avatar button with name and role; its menu leads to account settings and logout. */
export function UserMenu() {
  const { user, role } = useSession();
  const theme = useTheme();
  // Rendered only where it shows, so that no hidden copy of the name sits in the page.
  const showName = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const name = user?.fullName || user?.username || 'Signed in';

  const logout = async () => {
    setAnchor(null);
    // Signing out of a support view ends the view only: back to the admin's page (shared/session/session.ts).
    const returnTo = session.getState().supportView?.returnTo;
    await api.logout();
    await navigate(returnTo ?? '/login', { replace: true });
  };

  const avatar = (size: number) => (
    <Avatar
      aria-hidden="true"
      sx={{
        width: size,
        height: size,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: size > 36 ? '1rem' : '0.875rem',
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );

  return (
    <>
      <ButtonBase
        data-testid="user-menu-button"
        // Named by its text, never by a label that hides the visible name (axe label-content-name-mismatch).
        title="Open user menu"
        aria-haspopup="menu"
        aria-expanded={open || undefined}
        aria-controls={open ? 'user-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 6, p: 1, gap: 2.5, textAlign: 'left' }}
      >
        {avatar(38)}
        {!showName && (
          <Box component="span" sx={visuallyHidden}>
            Open user menu
          </Box>
        )}
        {showName && (
          <Box sx={{ maxWidth: 180 }}>
            <Typography variant="body1" noWrap sx={{ fontWeight: 500, lineHeight: 1.3 }}>
              {name}
            </Typography>
            <Typography variant="body2" noWrap color="text.secondary">
              {roleLabel(role)}
            </Typography>
          </Box>
        )}
      </ButtonBase>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 230 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, px: 5, py: 2.5 }}>
          {avatar(40)}
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500 }} noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {roleLabel(role)}
              {user?.username ? ` · @${user.username}` : ''}
            </Typography>
          </Box>
        </Box>
        <Divider sx={{ my: 1 }} />
        <MenuItem component={Link} to="/account-settings" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <ManageAccountsOutlined fontSize="small" />
          </ListItemIcon>
          Account settings
        </MenuItem>
        <MenuItem data-testid="logout-menu-item" onClick={() => void logout()} sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
