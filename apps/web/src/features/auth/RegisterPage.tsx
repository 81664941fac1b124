import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { endpoints, registerBodySchema, sideSchema } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api } from '../../shared/api/instance';
import { errorMessage } from '../../shared/api/errors';
import { PasswordField } from '../../shared/components/PasswordField';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { AFTER_SIGN_IN } from '../../shared/next-path';
import { AuthFooter } from './AuthFooter';
import { AuthHeader } from './AuthHeader';
import { InvitedBy } from './InvitedBy';

/** The contract's schema, plus the confirmation the browser checks alone. */
export const registerFormSchema = registerBodySchema
  .omit({ side: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

type RegisterForm = z.input<typeof registerFormSchema>;
const FIELDS = ['username', 'email', 'fullName', 'password', 'confirmPassword', 'sponsor'] as const;

/** Joining under a sponsor: `/register?ref=<sponsor>[&side=left|right]`. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const side = sideSchema.safeParse(params.get('side')).data;

  const form = useForm<RegisterForm, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      username: '',
      email: '',
      fullName: '',
      password: '',
      confirmPassword: '',
      sponsor: params.get('ref') ?? '',
    },
  });

  const { handleSubmit, setError, formState } = form;
  const sponsorField = form.watch('sponsor') ?? '';
  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setFormError(null);
    try {
      await api.call(endpoints.auth.register, { body: { ...values, ...(side ? { side } : {}) } });
    } catch (error) {
      if (!applyServerFieldError(error, setError, FIELDS)) {
        const message = errorMessage(error);
        setFormError(message);
        toast.error(message);
      }
      return;
    }
    // The new member is signed in at once; should that fail, the sign-in page opens with the username filled.
    void import('../../app/signed-in-routes');
    try {
      await api.login(values.username, values.password);
      toast.success('Your account was created.');
      await navigate(AFTER_SIGN_IN, { replace: true });
    } catch {
      toast.success('Your account was created. Sign in to continue.');
      await navigate('/login', { state: { username: values.username } });
    }
  });

  const field = (name: (typeof FIELDS)[number], helperText?: string) => fieldProps(form, name, helperText);

  return (
    <>
      <AuthHeader title="Create your account" subtitle="Join the network under the member who invited you." />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create account">
        <Stack spacing={5}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <InvitedBy sponsor={sponsorField} side={side} />
          <TextField label="Username" autoComplete="username" autoFocus {...field('username')} />
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <TextField label="Full name" autoComplete="name" {...field('fullName')} />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            {...field('password', 'At least 8 characters; common passwords are refused.')}
          />
          <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
          <TextField label="Sponsor" {...field('sponsor', 'The username of the member who invited you.')} />
          <AuthFooter
            submitLabel="Create account"
            sending={formState.isSubmitting}
            question="Already have an account?"
            to="/login"
            linkText="Sign in instead"
          />
        </Stack>
      </Box>
    </>
  );
}
