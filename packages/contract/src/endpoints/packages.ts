import { endpoint } from '../endpoint';
import { idParamSchema } from '../ids';
import { packageCreateSchema, packageListSchema, packagePatchSchema, packageSchema } from '../plan';

/** `/api/admin/packages`, `/api/packages` */
export const packages = {
  list: endpoint({
    method: 'GET',
    path: '/packages',
    status: 200,
    answer: packageListSchema,
    errors: ['PACKAGE_NOT_FOUND'],
    tags: ['packages'],
    summary: 'The active package catalogue',
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/packages',
    twoFactor: false,
    status: 200,
    answer: packageListSchema,
    errors: ['PACKAGE_NOT_FOUND'],
    tags: ['admin'],
    summary: 'Every package, active or not',
  }),
  adminCreate: endpoint({
    method: 'POST',
    path: '/admin/packages',
    twoFactor: true,
    body: packageCreateSchema,
    status: 201,
    answer: packageSchema,
    errors: ['PACKAGE_NAME_TAKEN', 'PACKAGE_NOT_FOUND'],
    tags: ['admin'],
    summary: 'Add a package (audited)',
  }),
  adminUpdate: endpoint({
    method: 'PATCH',
    path: '/admin/packages/:id',
    twoFactor: true,
    params: idParamSchema,
    body: packagePatchSchema,
    status: 200,
    answer: packageSchema,
    errors: ['PACKAGE_NAME_TAKEN', 'PACKAGE_NOT_FOUND'],
    tags: ['admin'],
    summary: 'Change or deactivate a package (audited; applies to later purchases)',
  }),
};
