import { loosens, type PendingChange, type Settings, type SettingsPatch } from '@portal/contract';
import type { AppContext } from '../context';
import type { Actor } from '../audit/write-audit';
import { isLive } from '../changes/launch';
import { mailChange } from '../changes/mail';
import { proposeChange } from '../changes/propose';
import { settingsSummary, type SettingsChanges } from '../changes/store';
import { readSettings } from './in-force';
import { lockSettings, writeSettings } from './write-settings';

/** What a settings change did: the settings in force after it, and the loosening part held for a second admin, if any. */
export interface SettingsUpdate {
  settings: Settings;
  held?: PendingChange;
}

/**
 * Changes some settings and records what changed, from what, in the audit
 * log. Once the portal is live, the values that loosen a money-out control
 * (`loosens`, the table in packages/contract/src/changes.ts) are held as one
 * pending change and the rest apply at once
 * (docs/decisions/0052-four-eyes-and-a-delay.md).
 */
export async function updateSettings(ctx: AppContext, actor: Actor, patch: SettingsPatch): Promise<SettingsUpdate> {
  const update = await ctx.db.transaction(async (tx): Promise<SettingsUpdate> => {
    await lockSettings(tx);
    const before = await readSettings(tx);
    const live = await isLive(tx);
    const atOnce: Partial<Settings> = {};
    const held: SettingsChanges = {};
    for (const [key, value] of Object.entries(patch) as Array<[keyof Settings, string | boolean]>) {
      if (before[key] === value) continue;
      if (live && loosens(key, before[key], value)) held[key] = { from: before[key], to: value };
      else Object.assign(atOnce, { [key]: value });
    }
    await writeSettings(tx, actor, atOnce);
    if (Object.keys(held).length === 0) return { settings: await readSettings(tx) };
    const change = await proposeChange(tx, actor, ctx.now(), {
      kind: 'settings',
      payload: { changes: held },
      summary: settingsSummary(held),
      delayHours: before.changeDelayHours,
    });
    return { settings: await readSettings(tx), held: change };
  });
  if (update.held) await mailChange(ctx, update.held, 'proposed');
  return update;
}
