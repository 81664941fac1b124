import { endpoint } from '../endpoint';
import { changePasswordBodySchema, updateProfileBodySchema, userSchema } from '../auth';

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
};
