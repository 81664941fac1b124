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
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { useCreateAdmin, useResetSignIn } from './api';

/**
 * Creates an administrator account (no network membership) without a
 * password: the new admin is mailed a link to set their own.
 */
export function CreateAdminDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateAdmin();
  const form = useForm<z.input<typeof createAdminBodySchema>, unknown, CreateAdminBody>({
    resolver: zodResolver(createAdminBodySchema),
    defaultValues: { username: '', email: '', fullName: '' },
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
          ? `Admin @${body.username} proposed: another admin confirms it on the Settings page; once it takes effect after the delay, they are mailed a link to set their password.`
          : `Admin @${created.username} created and mailed a link to set their password.`,
      );
      onClose();
    } catch (error) {
      if (!applyServerFieldError(error, setError, ['username', 'email', 'fullName'])) toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-admin-title"
      aria-describedby="create-admin-invitation"
    >
      <DialogTitle id="create-admin-title">Create an admin</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label="Create admin">
        <DialogContent>
          <Stack spacing={5}>
            <DialogContentText id="create-admin-invitation">
              The new admin gets a mail with a link to set their own password (valid 72 hours) and can sign in once it
              is set. You never see or set the password.
            </DialogContentText>
            <TextField label="Username" autoComplete="off" {...fieldProps(form, 'username')} />
            <TextField label="Email" type="email" autoComplete="off" {...fieldProps(form, 'email')} />
            <TextField label="Full name" autoComplete="off" {...fieldProps(form, 'fullName')} />
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
