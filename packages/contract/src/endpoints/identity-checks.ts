import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import { idParamSchema } from '../ids';
import {
  identityDecisionSchema,
  identityReviewListQuerySchema,
  identityReviewPageSchema,
  identityReviewSchema,
  identitySideParamSchema,
  identityStatusAnswerSchema,
} from '../identity-checks';
import { MAX_PRODUCT_IMAGE_BYTES } from '../products';

/** What an uploaded picture may be refused for (the checks of apps/api/src/shared/images.ts). */
const uploadErrors = [
  'IMAGE_ANIMATED',
  'IMAGE_EMPTY',
  'IMAGE_INVALID',
  'IMAGE_REQUIRED',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNREADABLE',
  'MULTIPART_REQUIRED',
  'UPLOAD_INVALID',
] as const satisfies readonly ApiErrorCode[];

/** `/api/identity`, `/api/admin/identity-checks`: identity checks (apps/api/src/kyc/, docs/decisions/0070-identity-checks.md). */
export const identityChecks = {
  status: endpoint({
    method: 'GET',
    path: '/identity',
    status: 200,
    answer: identityStatusAnswerSchema,
    errors: [],
    tags: ['identity'],
    summary: "The member's identity check: its state, what is missing, when withdrawals need it",
  }),
  upload: endpoint({
    method: 'PUT',
    path: '/identity/documents/:side',
    params: identitySideParamSchema,
    multipart: true,
    status: 200,
    answer: identityStatusAnswerSchema,
    errors: [...uploadErrors, 'IDENTITY_ALREADY_APPROVED'],
    tags: ['identity'],
    summary: `Upload one side (front, back, selfie): multipart/form-data, one file field "image", JPEG, PNG or WebP up to ${MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024)} MB; re-encoded without metadata, never public`,
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/identity-checks',
    twoFactor: false,
    query: identityReviewListQuerySchema,
    status: 200,
    answer: identityReviewPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'The identity checks, the oldest submission first (filters: status, search; `format=csv`); no pictures',
  }),
  adminViewDocument: endpoint({
    method: 'POST',
    path: '/admin/identity-checks/documents/:id/view',
    twoFactor: true,
    params: idParamSchema,
    status: 200,
    errors: ['IDENTITY_DOCUMENT_NOT_FOUND'],
    tags: ['admin'],
    summary: 'One identity document, as image/webp: a POST because each view is written to the audit log',
  }),
  adminDecide: endpoint({
    method: 'POST',
    path: '/admin/identity-checks/:id/decision',
    twoFactor: true,
    params: idParamSchema,
    body: identityDecisionSchema,
    status: 200,
    answer: identityReviewSchema,
    errors: ['IDENTITY_CHECK_NOT_FOUND', 'IDENTITY_CHECK_NOT_PENDING', 'CANNOT_CHANGE_SELF'],
    tags: ['admin'],
    summary: "Approve a member's identity check, or reject it with a reason the member reads (audited)",
  }),
};
