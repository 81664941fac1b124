import type { AppContext } from './context';
import { applyNewAdmin, applyAdminGrant } from './admin-users/admin-powers';
import { applyDueChanges as applyDue, type ChangeAppliers } from './changes/apply-due';
import { remindSetup } from './changes/launch';
import { applyScreeningRemoval } from './screening/list';
import { applySettingsChange } from './settings/apply-settings-change';
import type { Job } from './shared/job-runner';

/**
 * What each kind of pending change does when it takes effect, from the
 * domain that owns it (docs/decisions/0052-four-eyes-and-a-delay.md). Here,
 * above the domains, so that `changes/` needs none of them.
 */
const APPLIERS: ChangeAppliers = {
  settings: applySettingsChange,
  'screening.remove': applyScreeningRemoval,
  'user.create_admin': applyNewAdmin,
  'user.grant_admin': applyAdminGrant,
};

/** Applies every pending change that is due (the job, and a read that finds one due); answers how many. */
export const applyDueChanges = (ctx: AppContext): Promise<number> => applyDue(ctx, APPLIERS);

/**
 * The job that puts due changes in force and, once members have joined a
 * portal still in set-up, tells the admins. Each change is claimed by its row
 * (FOR UPDATE SKIP LOCKED, changes/apply-due.ts) and the set-up mail by a
 * conditional UPDATE, so any number of processes run it once.
 */
export function pendingChangesJob(ctx: AppContext): Job {
  return {
    name: 'pending changes',
    everyMs: 15_000,
    async pass() {
      await applyDueChanges(ctx);
      await remindSetup(ctx);
      return false;
    },
  };
}
