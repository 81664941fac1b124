import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { endpoints, forgotPasswordBodySchema } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { api } from '../../shared/api/instance';
import { errorMessage } from '../../shared/api/errors';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { AuthHeader } from './AuthHeader';

export const FORGOT_PASSWORD_CONFIRMATION = 'If an account uses this address, a reset link is on its way.';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof forgotPasswordBodySchema>, unknown, z.output<typeof forgotPasswordBodySchema>>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const { handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.call(endpoints.auth.forgotPassword, { body: values });
      setSentTo(values.email);
    } catch (error) {
      if (!applyServerFieldError(error, setError, ['email'])) toast.error(errorMessage(error));
    }
  });

  return (
    <>
      <AuthHeader
        title="Forgot your password?"
        subtitle="Enter your email and we will send you a link to choose a new one."
      />
      {sentTo ? (
        <Stack spacing={5}>
          <Alert severity="success" role="status">
            {FORGOT_PASSWORD_CONFIRMATION}
          </Alert>
          <Typography color="text.secondary">
            The link is valid for one hour and works once. Nothing arrived? Check the spam folder, or{' '}
            <Link component="button" type="button" onClick={() => setSentTo(null)} sx={{ verticalAlign: 'baseline' }}>
              send it again
            </Link>
            .
          </Typography>
          <BackToLogin />
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Send reset link">
          <Stack spacing={5}>
            <TextField label="Email" type="email" autoComplete="email" autoFocus {...fieldProps(form, 'email')} />
            <SubmitButton fullWidth size="large" loading={formState.isSubmitting}>
              Send reset link
            </SubmitButton>
            <BackToLogin />
          </Stack>
        </Box>
      )}
    </>
  );
}

export function BackToLogin() {
  return (
    <Typography sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        Back to sign in
      </Link>
    </Typography>
  );
}
