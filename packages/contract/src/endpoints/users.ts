import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import {
  adminUserPageSchema,
  adminUserSchema,
  createAdminBodySchema,
  updateUserBodySchema,
  usersQuerySchema,
} from '../admin';
import { idParamSchema } from '../ids';
import { pendingChangeSchema } from '../changes';
import { supportViewSchema } from '../account-sessions';

/** What its writes may answer. */
const writeErrors = [
  'CANNOT_CHANGE_SELF',
  'EMAIL_TAKEN',
  'ROOT_ACCOUNT',
  'USERNAME_TAKEN',
  'USER_NOT_FOUND',
] as const satisfies readonly ApiErrorCode[];

/** `/api/admin/users` */
export const users = {
  adminList: endpoint({
    method: 'GET',
    path: '/admin/users',
    twoFactor: false,
    query: usersQuerySchema,
    status: 200,
    answer: adminUserPageSchema,
    errors: ['USER_NOT_FOUND'],
    tags: ['admin'],
    summary: 'All accounts (search, role and status filters; `format=csv`)',
  }),
  adminCreate: endpoint({
    method: 'POST',
    path: '/admin/users',
    twoFactor: true,
    body: createAdminBodySchema,
    status: [201, 202],
    // 202: the portal is live, so a new admin waits for a second admin and the delay (the pending change).
    answer: adminUserSchema.or(pendingChangeSchema),
    errors: writeErrors,
    tags: ['admin'],
    summary:
      'Create an admin account (audited): no password; the new admin is mailed a link to set their own (good 72 hours) and cannot sign in until then. Once the portal is live, a pending change (202): the link is mailed when it takes effect',
  }),
  adminOne: endpoint({
    method: 'GET',
    path: '/admin/users/:id',
    twoFactor: false,
    params: idParamSchema,
    status: 200,
    answer: adminUserSchema,
    errors: ['USER_NOT_FOUND'],
    tags: ['admin'],
    summary: 'One account',
  }),
  adminUpdate: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id',
    twoFactor: true,
    params: idParamSchema,
    body: updateUserBodySchema,
    status: 200,
    answer: adminUserSchema,
    errors: writeErrors,
    tags: ['admin'],
    summary: 'Block or unblock (`status`) or change `role` (audited; blocking ends every sign-in)',
  }),
  adminResetSignIn: endpoint({
    method: 'POST',
    path: '/admin/users/:id/reset-sign-in',
    twoFactor: true,
    params: idParamSchema,
    status: 204,
    errors: ['CANNOT_CHANGE_SELF', 'ROOT_ACCOUNT', 'USER_BLOCKED', 'USER_NOT_FOUND'],
    tags: ['admin'],
    summary:
      'Reset sign-in: mails the account a password-reset link and ends every sign-in (audited); admins never set or see a password',
  }),
  adminViewAs: endpoint({
    method: 'POST',
    path: '/admin/users/:id/view-as',
    twoFactor: true,
    params: idParamSchema,
    status: 201,
    answer: supportViewSchema,
    errors: ['CANNOT_VIEW_ADMIN', 'NOT_A_MEMBER', 'TWO_FACTOR_REQUIRED', 'USER_BLOCKED', 'USER_NOT_FOUND'],
    tags: ['admin'],
    summary:
      "Support view: a read-only access of a member's account for 30 minutes (audited, and in the member's security log); every write with it answers READ_ONLY_SESSION",
  }),
};
