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
import { createAdminBodySchema, type AdminUser, type CreateAdminBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { PasswordField } from '../../shared/components/PasswordField';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { useCreateAdmin, useResetSignIn } from './api';

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

/**
 * Resets an account's sign-in: its owner gets a password-reset link by mail
 * and every sign-in ends. The admin never sets nor sees the password.
 */
export function ResetSignInDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const toast = useToast();
  const reset = useResetSignIn();
  const confirm = async () => {
    if (!user) return;
    try {
      await reset.mutateAsync(user.id);
      toast.success(`@${user.username} is signed out everywhere and was mailed a link to choose a new password.`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <ConfirmDialog
      open={!!user}
      title={`Reset the sign-in of @${user?.username ?? ''}?`}
      confirmLabel="Reset sign-in"
      busy={reset.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        Every sign-in of the account ends now, and its owner gets a mail with a link to choose a new password (valid one
        hour). You never see or set the password.
      </DialogContentText>
    </ConfirmDialog>
  );
}
