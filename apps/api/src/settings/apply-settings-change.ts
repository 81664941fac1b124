import { settingsSchema } from '@portal/contract';
import type { ChangeApplier } from '../changes/apply-due';
import type { SettingsChanges } from '../changes/store';
import { readSettings } from './in-force';
import { lockSettings, writeSettings } from './write-settings';

/** A held settings change taking effect (changes/apply-due.ts): its values as proposed, over whatever is in force then. */
export const applySettingsChange: ChangeApplier = async (tx, payload, actor, context) => {
  await lockSettings(tx);
  const changes = (payload.changes ?? {}) as SettingsChanges;
  const values = Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.to]));
  const merged = settingsSchema.safeParse({ ...(await readSettings(tx)), ...values });
  if (!merged.success) return 'the proposed values are no longer valid settings';
  await writeSettings(tx, actor, values, {
    change: context.changeId,
    confirmedBy: context.confirmedBy,
    unconfirmed: context.confirmedBy === null,
  });
  return null;
};
