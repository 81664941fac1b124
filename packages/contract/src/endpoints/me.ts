import { endpoint } from '../endpoint';
import { changePasswordBodySchema, updateProfileBodySchema, userSchema } from '../auth';
import { accountSessionsSchema, endedSessionsSchema, sessionParamsSchema } from '../account-sessions';

/** `/api/me` */
export const me = {
  profile: endpoint({
    method: 'GET',
    path: '/me',
    status: 200,
    answer: userSchema,
    errors: ['PASSWORD_CHECKS_LOCKED'],
    tags: ['account'],
    summary: 'The signed-in account',
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/me',
    body: updateProfileBodySchema,
    status: 200,
    answer: userSchema,
    errors: ['CURRENT_PASSWORD_WRONG', 'EMAIL_TAKEN', 'PASSWORD_CHECKS_LOCKED', 'USERNAME_TAKEN'],
    tags: ['account'],
    summary: 'Change the profile',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/me/password',
    body: changePasswordBodySchema,
    status: 204,
    errors: ['CURRENT_PASSWORD_WRONG', 'PASSWORD_CHECKS_LOCKED'],
    tags: ['account'],
    summary: 'Change the password',
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/me/sessions',
    status: 200,
    answer: accountSessionsSchema,
    errors: [],
    tags: ['account'],
    summary: 'The sessions in force and the last sign-ins, with where from and on what',
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/me/sessions/:id',
    params: sessionParamsSchema,
    status: 204,
    errors: ['SESSION_NOT_FOUND'],
    tags: ['account'],
    summary: 'Sign out one of your sessions (a lost phone); its access ends at once',
  }),
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/me/sessions/end-others',
    status: 200,
    answer: endedSessionsSchema,
    errors: [],
    tags: ['account'],
    summary: 'Sign out everywhere else: every session but this one',
  }),
  endSupportView: endpoint({
    method: 'POST',
    path: '/me/support-view/end',
    status: 204,
    errors: ['NOT_A_SUPPORT_VIEW'],
    tags: ['account'],
    summary: 'Ends a support view (the one write a read-only view may make); audited',
  }),
};
