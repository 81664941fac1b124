import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SETTINGS_LABELS, settingsSchema, type Settings } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { ChangeReview, changesOf } from '../../shared/components/ChangeReview';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';
import { useAdminSettings, useSaveSettings } from './api';
import { KEYS, SettingsSections, type SettingsForm } from './SettingsSections';
import { LaunchNotice, PendingChangesCard } from './PendingChanges';
import { plural } from '../../shared/words';

/** /admin/settings ("Plan Settings"): the values in force; a change applies to later events only and is audited. */
export function SettingsPage() {
  const toast = useToast();
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const form: SettingsForm = useForm({ resolver: zodResolver(settingsSchema) });
  const { handleSubmit, reset, setError, formState } = form;

  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  // The values the admin asked to save, shown for review (old → new) before anything is sent.
  const [review, setReview] = useState<Settings | null>(null);
  const changes = review && settings.data ? changesOf(settings.data, review, KEYS, (key) => SETTINGS_LABELS[key]) : [];

  const submit = handleSubmit((values) => {
    if (!settings.data || changesOf(settings.data, values, KEYS, (key) => SETTINGS_LABELS[key]).length === 0) {
      toast.info('Nothing changed.');
      return;
    }
    setReview(values);
  });

  const confirm = async () => {
    if (!review) return;
    const patch: Record<string, string | boolean> = {};
    for (const change of changes) patch[change.field] = review[change.field as keyof Settings];
    try {
      const saved = await save.mutateAsync(patch);
      reset(saved);
      // A live portal holds the values that loosen a money-out control (answered as they still are).
      const held = Object.entries(patch).filter(([key, value]) => saved[key as keyof Settings] !== value);
      if (held.length === 0) toast.success('Settings saved. They apply to events from now on.');
      else
        toast.info(
          `${held.length === changes.length ? 'The change waits' : 'Tightening applied; the loosening waits'} for another admin and the delay: see Pending changes.`,
        );
    } catch (error) {
      // A refused value goes beside its field, in words; anything else is the one toast.
      if (!applyServerFieldError(error, setError, KEYS)) toast.error(errorMessage(error));
    } finally {
      setReview(null);
    }
  };

  if (settings.isError && isSessionEnded(settings.error)) return null;

  return (
    <Stack spacing={6}>
      <LaunchNotice />
      <PendingChangesCard />
      <Card>
        <CardHeader
          title="Plan and operations settings"
          subheader="Each change is written to the audit log and applies to later events only."
        />
        <CardContent>
          <AdminTwoFactorNotice action="change settings" />
          {settings.isError ? (
            <Alert severity="error">{errorMessage(settings.error, 'The settings could not be loaded.')}</Alert>
          ) : settings.isPending ? (
            <Skeleton variant="rounded" height={160} />
          ) : (
            <Box component="form" noValidate onSubmit={submit} aria-label="Settings">
              <Grid container spacing={5}>
                <SettingsSections form={form} />
                <Grid size={12} sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                  <SubmitButton loading={formState.isSubmitting} disabled={!formState.isDirty}>
                    Save settings
                  </SubmitButton>
                  <Button
                    variant="outlined"
                    color="secondary"
                    disabled={!formState.isDirty}
                    onClick={() => settings.data && reset(settings.data)}
                  >
                    Reset
                  </Button>
                </Grid>
              </Grid>
            </Box>
          )}
        </CardContent>
        <ConfirmDialog
          open={review !== null}
          title="Review the changes"
          confirmLabel={`Save ${plural(changes.length, 'change')}`}
          busy={save.isPending}
          onConfirm={() => void confirm()}
          onClose={() => setReview(null)}
        >
          <ChangeReview changes={changes} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            The new values apply to later events only; the change is written to the audit log.
          </Typography>
        </ConfirmDialog>
      </Card>
    </Stack>
  );
}
