import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { endpoints, resetPasswordBodySchema } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api } from '../../shared/api/instance';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { PasswordField } from '../../shared/components/PasswordField';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { AuthHeader } from './AuthHeader';
import { BackToLogin } from './ForgotPasswordPage';

export const resetFormSchema = resetPasswordBodySchema
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

type ResetForm = z.input<typeof resetFormSchema>;

/** The words of the two links that open this form: a reset, or a new admin's invitation (`invite=1`). */
const WORDS = {
  reset: {
    title: 'Choose a new password',
    subtitle: 'Your new password must have at least 8 characters.',
    incomplete: 'This reset link is incomplete. Open the link from the email again, or ask for a new one.',
    newLink: 'Ask for a new reset link',
    submit: 'Reset password',
    done: 'Your password was reset. Sign in with the new one.',
  },
  invited: {
    title: 'Set your password',
    subtitle: 'You were invited as an administrator. Your password must have at least 8 characters.',
    incomplete:
      'This invitation link is incomplete. Open the link from the email again, or ask for a new one with "Forgot password".',
    newLink: 'Ask for a new link',
    submit: 'Set password',
    done: 'Your password is set. Sign in with it.',
  },
};

/** Choosing a password with the mailed link: `/password-reset?token=…`, or `/password-reset?invite=1&token=…` for an invitation. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const words = params.has('invite') ? WORDS.invited : WORDS.reset;
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const [linkError, setLinkError] = useState<string | null>(token ? null : words.incomplete);

  const form = useForm<ResetForm, unknown, z.output<typeof resetFormSchema>>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const { handleSubmit, setError, formState } = form;
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await api.call(endpoints.auth.resetPassword, { body: { token, password } });
      toast.success(words.done);
      await navigate('/login');
    } catch (error) {
      if (isApiError(error) && (error.code === 'RESET_TOKEN_INVALID' || error.field === 'token')) {
        setLinkError(error.message);
        return;
      }
      if (!applyServerFieldError(error, setError, ['password', 'confirmPassword'])) toast.error(errorMessage(error));
    }
  });

  return (
    <>
      <AuthHeader title={words.title} subtitle={words.subtitle} />
      {linkError ? (
        <Stack spacing={5}>
          <Alert severity="error" role="alert" data-testid="reset-link-error">
            <AlertTitle>This link cannot be used</AlertTitle>
            {linkError}
          </Alert>
          <Box sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/forgot-password">
              {words.newLink}
            </Link>
          </Box>
          <BackToLogin />
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={words.submit}>
          <Stack spacing={5}>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              autoFocus
              {...fieldProps(form, 'password')}
            />
            <PasswordField
              label="Confirm password"
              autoComplete="new-password"
              {...fieldProps(form, 'confirmPassword')}
            />
            <SubmitButton fullWidth size="large" loading={formState.isSubmitting}>
              {words.submit}
            </SubmitButton>
            <BackToLogin />
          </Stack>
        </Box>
      )}
    </>
  );
}
