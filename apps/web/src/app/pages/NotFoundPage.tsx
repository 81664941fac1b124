import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../shared/components/Logo';
import { useSession } from '../../shared/session/useSession';

/** Any path the portal does not have. */
export function NotFoundPage() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  return (
    <ErrorScreen
      code="404"
      title="Page not found"
      text={`There is no page at ${location.pathname}. Check the address, or go back to where you came from.`}
      action={
        <Button component={Link} to={isAuthenticated ? '/dashboard' : '/login'} variant="contained">
          {isAuthenticated ? 'Back to the dashboard' : 'Back to sign in'}
        </Button>
      }
    />
  );
}

export function ErrorScreen({
  code,
  title,
  text,
  action,
}: {
  code: string;
  title: string;
  text: string;
  action: React.ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 4,
        px: 4,
        bgcolor: 'background.default',
      }}
    >
      <Logo />
      <Typography
        component="p"
        sx={{ fontSize: { xs: '5rem', sm: '7rem' }, fontWeight: 500, lineHeight: 1, color: 'text.primary', mt: 4 }}
      >
        {code}
      </Typography>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      <Box sx={{ mt: 2 }}>{action}</Box>
    </Box>
  );
}
