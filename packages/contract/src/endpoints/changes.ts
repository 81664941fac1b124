import { endpoint } from '../endpoint';
import { idParamSchema } from '../ids';
import { pendingChangeSchema, pendingChangesAnswerSchema, portalLaunchSchema } from '../changes';

/**
 * `/api/admin/changes` and `/api/admin/portal/live`: changes that loosen a
 * money-out control wait for a second admin and a delay once the portal is
 * live (apps/api/src/changes/, docs/decisions/0052-four-eyes-and-a-delay.md).
 */
export const changes = {
  adminList: endpoint({
    method: 'GET',
    path: '/admin/changes',
    status: 200,
    answer: pendingChangesAnswerSchema,
    errors: [],
    tags: ['admin'],
    summary:
      'Pending changes (and the last that ended), the delay in force and whether the portal is in set-up or live',
    twoFactor: false,
  }),
  adminConfirm: endpoint({
    method: 'POST',
    path: '/admin/changes/:id/confirm',
    params: idParamSchema,
    status: 200,
    answer: pendingChangeSchema,
    errors: [
      'CHANGE_NOT_FOUND',
      'CHANGE_NOT_PENDING',
      'CHANGE_OWN_PROPOSAL',
      'CHANGE_CONFIRMED_ALREADY',
      'TWO_FACTOR_REQUIRED',
    ],
    tags: ['admin'],
    summary:
      "Confirm another admin's pending change (an admin with two-factor); it takes effect once its delay has passed",
    twoFactor: true,
  }),
  adminCancel: endpoint({
    method: 'POST',
    path: '/admin/changes/:id/cancel',
    params: idParamSchema,
    status: 200,
    answer: pendingChangeSchema,
    errors: ['CHANGE_NOT_FOUND', 'CHANGE_NOT_PENDING', 'TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary: 'Cancel a pending change (any admin, the proposer too): it never takes effect',
    twoFactor: true,
  }),
  adminGoLive: endpoint({
    method: 'POST',
    path: '/admin/portal/live',
    status: 200,
    answer: portalLaunchSchema,
    errors: ['PORTAL_LIVE_ALREADY', 'TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary:
      'Declare the portal live (audited, cannot be undone): from then on a loosening change waits for a second admin and the delay',
    twoFactor: true,
  }),
};
