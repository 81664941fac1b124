import { endpoint } from '../endpoint';
import { settingsPatchSchema, settingsSchema } from '../settings';

/** `/api/admin/settings` */
export const settings = {
  adminGet: endpoint({
    method: 'GET',
    path: '/admin/settings',
    twoFactor: false,
    status: 200,
    answer: settingsSchema,
    errors: [],
    tags: ['admin'],
    summary: 'The plan and operations settings in force',
  }),
  adminUpdate: endpoint({
    method: 'PATCH',
    path: '/admin/settings',
    twoFactor: true,
    body: settingsPatchSchema,
    status: 200,
    answer: settingsSchema,
    errors: ['TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary: 'Change settings (audited; applies to later events only)',
  }),
};
