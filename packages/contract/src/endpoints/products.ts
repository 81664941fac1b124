import { z } from 'zod';
import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import { idParamSchema } from '../ids';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  productAdminListQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productPageSchema,
  productPatchSchema,
  productSchema,
} from '../products';
import { text } from '../text';

/** What its reads may answer. */
const readErrors = [
  'IMAGE_REQUIRED',
  'MEDIA_NOT_FOUND',
  'PRODUCT_NOT_FOUND',
  'UPLOAD_INVALID',
] as const satisfies readonly ApiErrorCode[];

/** What its writes may answer. */
const writeErrors = [
  'IMAGE_REQUIRED',
  'MEDIA_NOT_FOUND',
  'PRODUCT_NAME_TAKEN',
  'PRODUCT_NOT_FOUND',
  'UPLOAD_INVALID',
] as const satisfies readonly ApiErrorCode[];

/** `/api/admin/products`, `/api/media`, `/api/products` */
export const products = {
  picture: endpoint({
    method: 'GET',
    path: '/media/products/:file',
    params: z.object({ file: text(undefined, { label: 'File' }).max(100) }),
    status: 200,
    errors: ['MEDIA_NOT_FOUND'],
    tags: ['products'],
    summary: 'A product picture by its content-hash name (cached for a year)',
  }),
  list: endpoint({
    method: 'GET',
    path: '/products',
    query: productListQuerySchema,
    status: 200,
    answer: productPageSchema,
    errors: readErrors,
    tags: ['products'],
    summary: 'The active product catalogue (prices in points)',
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/products',
    twoFactor: false,
    query: productAdminListQuerySchema,
    status: 200,
    answer: productPageSchema,
    errors: readErrors,
    tags: ['admin'],
    summary: 'Every product, active or not (`format=csv` for the whole filtered list)',
  }),
  adminOne: endpoint({
    method: 'GET',
    path: '/admin/products/:id',
    twoFactor: false,
    params: idParamSchema,
    status: 200,
    answer: productSchema,
    errors: readErrors,
    tags: ['admin'],
    summary: 'One product',
  }),
  adminCreate: endpoint({
    method: 'POST',
    path: '/admin/products',
    twoFactor: true,
    body: productCreateSchema,
    status: 201,
    answer: productSchema,
    errors: writeErrors,
    tags: ['admin'],
    summary: 'Add a product (audited); the picture is uploaded separately',
  }),
  adminUpdate: endpoint({
    method: 'PATCH',
    path: '/admin/products/:id',
    twoFactor: true,
    params: idParamSchema,
    body: productPatchSchema,
    status: 200,
    answer: productSchema,
    errors: writeErrors,
    tags: ['admin'],
    summary: 'Change or deactivate a product (audited)',
  }),
  adminSetImage: endpoint({
    method: 'PUT',
    path: '/admin/products/:id/image',
    twoFactor: true,
    params: idParamSchema,
    multipart: true,
    status: 200,
    answer: productSchema,
    errors: [
      'IMAGE_ANIMATED',
      'IMAGE_EMPTY',
      'IMAGE_INVALID',
      'IMAGE_REQUIRED',
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_MANY_PIXELS',
      'IMAGE_UNREADABLE',
      'MEDIA_NOT_FOUND',
      'MULTIPART_REQUIRED',
      'PRODUCT_NAME_TAKEN',
      'PRODUCT_NOT_FOUND',
      'UPLOAD_INVALID',
    ],
    tags: ['admin'],
    summary: `Upload the picture: multipart/form-data, one file field "image", JPEG, PNG or WebP up to ${MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024)} MB (audited)`,
  }),
};
