import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api } from '../../shared/api/instance';
import { CREDENTIALS_REQUIRED_MESSAGE, LOGIN_FAILED_MESSAGE, isApiError } from '../../shared/api/errors';
import { PasswordField } from '../../shared/components/PasswordField';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { useToast } from '../../shared/toast';
import { AuthHeader } from './AuthHeader';

/** Sign-in (seed §5, §8): both fields required, the server's message on failure, else 'Login failed'. */
export function LoginPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!username.trim() || !password) {
      setMissing(true);
      setError(CREDENTIALS_REQUIRED_MESSAGE);
      return;
    }
    setMissing(false);
    setError(null);
    setSending(true);
    try {
      await api.login(username, password);
      await navigate('/dashboard', { replace: true });
    } catch (failure) {
      const message = isApiError(failure) && failure.message ? failure.message : LOGIN_FAILED_MESSAGE;
      setError(message);
      toast.error(message);
      setSending(false);
    }
  };

  return (
    <>
      <AuthHeader title="Welcome back" subtitle="Sign in to your account to continue." />
      <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
        <Stack spacing={5}>
          {error && (
            <Alert severity="error" role="alert" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoFocus
            fullWidth
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={missing && !username.trim()}
            disabled={sending}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            fullWidth
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={missing && !password}
            disabled={sending}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
            <Link component={RouterLink} to="/forgot-password" variant="body1">
              Forgot password?
            </Link>
          </Box>
          <SubmitButton fullWidth size="large" loading={sending}>
            Sign in
          </SubmitButton>
          <Typography sx={{ textAlign: 'center' }} color="text.secondary">
            New to the portal?{' '}
            <Link component={RouterLink} to="/register">
              Create an account
            </Link>
          </Typography>
        </Stack>
      </Box>
    </>
  );
}
