import { z } from 'zod';
import { PERCENT_DECIMALS, RATE_DECIMALS, amountSchema, decimalSettingSchema } from './money';

/**
 * The plan's and operations' settings (admin Settings page). Each is read at
 * the moment of the event it governs, so a change applies to later events
 * only. Later features add their keys here, with a default in
 * `SETTINGS_DEFAULTS`.
 */
export const settingsShape = {
  transferMinimum: amountSchema('Transfer minimum'),
  transferFeePercent: decimalSettingSchema('Transfer fee', { maxDecimals: PERCENT_DECIMALS, max: '50', allowZero: true }),
  conversionRate: decimalSettingSchema('Conversion rate', { maxDecimals: RATE_DECIMALS, max: '1000000', allowZero: false }),
  conversionMinimum: amountSchema('Conversion minimum'),
};

export const settingsSchema = z.object(settingsShape);
export type Settings = z.infer<typeof settingsSchema>;

export const SETTINGS_DEFAULTS: Settings = {
  transferMinimum: '1',
  transferFeePercent: '0',
  conversionRate: '1',
  conversionMinimum: '10',
};

/** What the admin Settings page shows beside each value. */
export const SETTINGS_LABELS: Record<keyof Settings, { label: string; help: string; unit?: string }> = {
  transferMinimum: { label: 'Transfer minimum', help: 'The smallest amount a member may transfer.', unit: 'USDT' },
  transferFeePercent: { label: 'Transfer fee', help: 'Taken from the amount sent; the receiver gets the rest.', unit: '%' },
  conversionRate: { label: 'Conversion rate', help: 'Points credited for each USDT converted from the income wallet.', unit: 'points per USDT' },
  conversionMinimum: { label: 'Conversion minimum', help: 'The smallest amount of USDT a member may convert.', unit: 'USDT' },
};

export const settingsPatchSchema = z
  .object(settingsShape)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one setting to change');
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
