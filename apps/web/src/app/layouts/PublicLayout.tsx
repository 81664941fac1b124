import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../shared/components/Logo';
import { ThemeToggle } from './ThemeToggle';

/** Pages anyone may open (the proof of reserves): the logo, the theme toggle, and the page at full width. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: { xs: 4, sm: 6 }, py: 3 }}
      >
        <Box component={Link} to="/login" aria-label="Members Portal" sx={{ display: 'flex', textDecoration: 'none' }}>
          <Logo />
        </Box>
        <ThemeToggle />
      </Box>
      <Container component="main" maxWidth="lg" sx={{ pb: 10 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
