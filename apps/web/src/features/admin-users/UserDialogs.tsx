import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createAdminBodySchema, passwordSchema, type AdminUser, type CreateAdminBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { PasswordField } from '../../shared/components/PasswordField';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useUpdateUser } from '../admin-members/api';
import { useCreateAdmin } from './api';

/** Creates an administrator account (no network membership). */
export function CreateAdminDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateAdmin();
  const form = useForm<z.input<typeof createAdminBodySchema>, unknown, CreateAdminBody>({
    resolver: zodResolver(createAdminBodySchema),
    defaultValues: { username: '', email: '', fullName: '', password: '' },
  });
  const { handleSubmit, setError, reset, formState } = form;
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  const submit = handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      // Once the portal is live a new admin waits for a second admin and the delay (Settings → Pending changes).
      toast.success(
        'kind' in created
          ? `Admin @${body.username} proposed: another admin confirms it on the Settings page; it takes effect after the delay.`
          : `Admin @${created.username} created.`,
      );
      onClose();
    } catch (error) {
      if (!applyServerFieldError(error, setError, ['username', 'email', 'fullName', 'password']))
        toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-admin-title">
      <DialogTitle id="create-admin-title">Create an admin</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label="Create admin">
        <DialogContent>
          <Stack spacing={5}>
            <TextField label="Username" autoComplete="off" {...fieldProps(form, 'username')} />
            <TextField label="Email" type="email" autoComplete="off" {...fieldProps(form, 'email')} />
            <TextField label="Full name" autoComplete="off" {...fieldProps(form, 'fullName')} />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              {...fieldProps(form, 'password', 'At least 8 characters, not a common password.')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton loading={formState.isSubmitting}>Create admin</SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const resetSchema = z.object({ password: passwordSchema });

/** Sets a new password for an account; its sign-ins end. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateUser();
  const form = useForm<z.input<typeof resetSchema>, unknown, z.output<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '' },
  });
  const { handleSubmit, setError, reset, formState } = form;
  useEffect(() => {
    if (!user) reset();
  }, [user, reset]);

  const submit = handleSubmit(async ({ password }) => {
    if (!user) return;
    try {
      await update.mutateAsync({ id: user.id, body: { password } });
      toast.success(`New password set for @${user.username}; their sign-ins have ended.`);
      onClose();
    } catch (error) {
      if (!applyServerFieldError(error, setError, ['password'])) toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog open={!!user} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-title">
      <DialogTitle id="reset-title">Reset the password of @{user?.username}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label="Reset password">
        <DialogContent>
          <DialogContentText sx={{ mb: 4 }}>
            Give the new password to its owner by a safe channel. Every sign-in of the account ends now.
          </DialogContentText>
          <PasswordField label="New password" autoComplete="new-password" {...fieldProps(form, 'password')} />
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton loading={formState.isSubmitting}>Set password</SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
