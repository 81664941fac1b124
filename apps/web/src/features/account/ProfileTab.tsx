import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { updateProfileBodySchema, type User } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useUpdateProfile } from './useMe';

/** The contract's profile schema with every field present (the form always sends all four). */
const profileFormSchema = updateProfileBodySchema.required();
type ProfileInput = z.input<typeof profileFormSchema>;
type ProfileForm = { fullName: string; email: string; phone: string; country: string };

const toForm = (user: User): ProfileForm => ({
  fullName: user.fullName,
  email: user.email,
  phone: user.phone ?? '',
  country: user.country ?? '',
});

export function ProfileTab({ user }: { user: User }) {
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, z.output<typeof profileFormSchema>>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toForm(user),
  });
  const { handleSubmit, setError, reset, formState } = form;

  // A fresh copy of the account from the server replaces untouched values.
  useEffect(() => {
    reset(toForm(user), { keepDirtyValues: true });
  }, [user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        fullName: values.fullName,
        email: values.email,
        phone: values.phone ? values.phone : null,
        country: values.country ? values.country : null,
      });
      reset(toForm(saved));
      toast.success('Your profile was saved.');
    } catch (error) {
      if (!applyServerFieldError(error, setError, ['fullName', 'email', 'phone', 'country']))
        toast.error(errorMessage(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Profile">
      <Grid container spacing={5}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Full name" autoComplete="name" {...fieldProps(form, 'fullName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Email" type="email" autoComplete="email" {...fieldProps(form, 'email')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            {...fieldProps(form, 'phone', 'Optional. Digits, spaces and + ( ) - .')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Country" autoComplete="country-name" {...fieldProps(form, 'country', 'Optional.')} />
        </Grid>
        <Grid size={12} sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <SubmitButton loading={formState.isSubmitting}>Save changes</SubmitButton>
          <Button
            variant="outlined"
            color="secondary"
            disabled={formState.isSubmitting || !formState.isDirty}
            onClick={() => reset(toForm(user))}
          >
            Reset
          </Button>
        </Grid>
      </Grid>
    </Box>
  );
}
