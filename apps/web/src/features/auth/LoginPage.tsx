import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../shared/api/instance';
import { CREDENTIALS_REQUIRED_MESSAGE, LOGIN_FAILED_MESSAGE, isApiError } from '../../shared/api/errors';
import { InputField } from '../../shared/components/InputField';
import { PasswordField } from '../../shared/components/PasswordField';
import { session } from '../../shared/session/instance';
import { useToast } from '../../shared/toast';
import { AFTER_SIGN_IN, safeNextPath, takeNextPath } from '../../shared/next-path';
import { AuthFooter } from './AuthFooter';
import { AuthHeader } from './AuthHeader';

/** Sign-in (seed §5, §8): both fields required, the server's message on failure, else 'Login failed'. */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const toast = useToast();
  // Back from registration with the new username (features/auth/RegisterPage.tsx), when signing in at once failed.
  const registered = (useLocation().state as { username?: unknown } | null)?.username;
  const [username, setUsername] = useState(typeof registered === 'string' ? registered : '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  /** Two-factor accounts: the password was right, the code is asked for next. */
  const [codeNeeded, setCodeNeeded] = useState(false);
  const [code, setCode] = useState('');

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
    // The signed-in route table downloads while the credentials are checked: the page after sign-in needs it
    // (the router adds the signed-in pages from it; app/router.tsx), and the sign-in page does not load it up front.
    void import('../../app/signed-in-routes');
    try {
      await api.login(username, password, codeNeeded ? code.trim() : undefined);
      // Back to the page asked for before sign-in (same-origin paths only), else
      // the admin dashboard for admins or the dashboard.
      const remembered = takeNextPath();
      // An admin's first sign-in goes on from the dashboard to the two-factor set-up (features/account/admin-two-factor.ts).
      await navigate(
        safeNextPath(searchParams.get('next')) ?? remembered ?? (session.isAdmin ? '/admindashboard' : AFTER_SIGN_IN),
        { replace: true },
      );
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'TOTP_REQUIRED' && !codeNeeded) {
        setCodeNeeded(true);
        setSending(false);
        return;
      }
      const message = isApiError(failure) && failure.message ? failure.message : LOGIN_FAILED_MESSAGE;
      setError(message);
      toast.error(message);
      setSending(false);
    }
  };

  return (
    <>
      <AuthHeader title="Welcome back" subtitle="Sign in to your account to continue." />
      {/* A flex column rather than MUI's Stack: the same spacing, without Stack's code on the sign-in page. */}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label="Sign in"
        sx={{ display: 'flex', flexDirection: 'column', gap: 5 }}
      >
        {error && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {error}
          </Alert>
        )}
        <InputField
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
        {codeNeeded && (
          <InputField
            label="Authentication code"
            name="totp"
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            value={code}
            onChange={(e) => setCode(e.target.value)}
            disabled={sending}
            helperText="Two-factor sign-in is on: enter the 6-digit code from your authenticator app, or a recovery code."
            htmlInput={{ inputMode: 'numeric', 'data-testid': 'login-totp' }}
          />
        )}
        {/* 8 px below the field above: the column's 20 px gap less 12 px. */}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '-12px' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body1">
            Forgot password?
          </Link>
        </Box>
        <AuthFooter
          submitLabel="Sign in"
          sending={sending}
          question="New to the portal?"
          to="/register"
          linkText="Create an account"
        />
      </Box>
    </>
  );
}
