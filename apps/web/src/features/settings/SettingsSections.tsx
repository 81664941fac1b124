import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SETTINGS_DEFAULTS, SETTINGS_LABELS, type Settings, type settingsSchema } from '@portal/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldProps } from '../../shared/forms';

export type SettingsForm = UseFormReturn<z.input<typeof settingsSchema>, unknown, Settings>;

export const KEYS = Object.keys(SETTINGS_LABELS) as Array<keyof Settings>;
const OPERATIONS: Array<keyof Settings> = [
  'transferMinimum',
  'transferFeePercent',
  'conversionRate',
  'conversionMinimum',
];
const WITHDRAWALS = KEYS.filter((key) => key.startsWith('withdrawal'));
/** The form's sections; any setting not named for operations belongs to the plan, so a new one is never hidden. */
const DEPOSITS: Array<keyof Settings> = [
  'depositMinimum',
  'consolidationThreshold',
  'hotWalletTarget',
  'hotWalletCap',
  'hotWalletLowWater',
];
const ADMINS: Array<keyof Settings> = [
  'adminsRequireTwoFactor',
  'largeApprovalThreshold',
  'secondApprovalThreshold',
  'autoApproveBelow',
  'autoApproveDailyCap',
  'dailyPayoutCap',
];
const REPORTS: Array<keyof Settings> = ['incomeDisclosurePublic'];
const NAMED = [...OPERATIONS, ...DEPOSITS, ...WITHDRAWALS, ...ADMINS, ...REPORTS];
const SECTIONS = [
  { title: 'Transfers and point conversion', keys: OPERATIONS },
  { title: 'Deposits (BEP20)', keys: DEPOSITS },
  { title: 'Withdrawals', keys: WITHDRAWALS },
  { title: 'Admin approvals', keys: ADMINS },
  { title: 'Compensation plan', keys: KEYS.filter((key) => !NAMED.includes(key)) },
  { title: 'Reports', keys: REPORTS },
];

/** Every setting under its section's heading, each a switch or a text field with its unit. */
export function SettingsSections({ form }: { form: SettingsForm }) {
  return SECTIONS.flatMap((section) => [
    <Grid key={section.title} size={12}>
      <Typography variant="h6" component="h2">
        {section.title}
      </Typography>
    </Grid>,
    ...section.keys.map((key) => <SettingField key={key} form={form} name={key} />),
  ]);
}

function SettingField({ form, name: key }: { form: SettingsForm; name: keyof Settings }) {
  return typeof SETTINGS_DEFAULTS[key] === 'boolean' ? (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Controller
        control={form.control}
        name={key}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} />
            }
            label={SETTINGS_LABELS[key].label}
          />
        )}
      />
      <FormHelperText>{SETTINGS_LABELS[key].help}</FormHelperText>
    </Grid>
  ) : (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        label={SETTINGS_LABELS[key].label}
        autoComplete="off"
        {...fieldProps(form, key, SETTINGS_LABELS[key].help)}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: SETTINGS_LABELS[key].unit
            ? { endAdornment: <InputAdornment position="end">{SETTINGS_LABELS[key].unit}</InputAdornment> }
            : undefined,
        }}
      />
    </Grid>
  );
}
