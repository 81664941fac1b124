import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { changePasswordBodySchema } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { PasswordField } from '../../shared/components/PasswordField';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useChangePassword } from './useMe';

const passwordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type PasswordInput = z.input<typeof passwordFormSchema>;

export const PASSWORD_CHANGED_MESSAGE = 'Your password was changed.';

export function SecurityTab() {
  const toast = useToast();
  const change = useChangePassword();
  const form = useForm<PasswordInput, unknown, z.output<typeof passwordFormSchema>>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit, setError, reset, formState } = form;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset();
      toast.success(PASSWORD_CHANGED_MESSAGE);
    } catch (error) {
      if (
        !applyServerFieldError(error, setError, ['currentPassword', 'newPassword', 'confirmPassword'], {
          password: 'newPassword',
        })
      ) {
        toast.error(errorMessage(error));
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Change password
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 5 }}>
        Use at least 8 characters; common passwords are refused. Your other signed-in devices will be signed out.
      </Typography>
      {change.isSuccess && !formState.isDirty && (
        <Alert severity="success" sx={{ mb: 5 }}>
          {PASSWORD_CHANGED_MESSAGE}
        </Alert>
      )}
      <Grid container spacing={5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...fieldProps(form, 'currentPassword')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField label="New password" autoComplete="new-password" {...fieldProps(form, 'newPassword')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            {...fieldProps(form, 'confirmPassword')}
          />
        </Grid>
        <Grid size={12}>
          <SubmitButton loading={formState.isSubmitting}>Change password</SubmitButton>
        </Grid>
      </Grid>
    </Box>
  );
}
