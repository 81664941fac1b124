import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../shared/components/Logo';
import { ThemeToggle } from './ThemeToggle';

/** Guest pages: one centered card with the logo on top. */
export function BlankLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', px: 3, pt: 3 }}>
        <ThemeToggle />
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 4,
          pt: 2,
          pb: { xs: 8, sm: 16 },
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 460 }}>
          <CardContent sx={{ p: { xs: 6, sm: 10 }, '&:last-child': { pb: { xs: 6, sm: 10 } } }}>
            <Box
              component={Link}
              to="/login"
              aria-label="Members Portal"
              sx={{ display: 'flex', justifyContent: 'center', mb: 6, textDecoration: 'none' }}
            >
              <Logo />
            </Box>
            <Outlet />
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
