import { endpoint } from '../endpoint';
import { idParamSchema } from '../ids';
import {
  screeningAddBodySchema,
  screeningEntrySchema,
  screeningImportBodySchema,
  screeningImportResultSchema,
  screeningListQuerySchema,
  screeningPageSchema,
  screeningReasonBodySchema,
} from '../screening';

/** `/api/admin/screening`: the addresses no withdrawal may go to and whose deposits are held (apps/api/src/screening/). */
export const screening = {
  adminList: endpoint({
    method: 'GET',
    path: '/admin/screening',
    twoFactor: false,
    query: screeningListQuerySchema,
    status: 200,
    answer: screeningPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'The screening list (filters: search, source, state; `format=csv`)',
  }),
  adminAdd: endpoint({
    method: 'POST',
    path: '/admin/screening',
    twoFactor: true,
    body: screeningAddBodySchema,
    status: 201,
    answer: screeningEntrySchema,
    errors: ['SCREENING_ALREADY_LISTED'],
    tags: ['admin'],
    summary: 'List an address with a reason: withdrawals to it are refused, deposits from it held',
  }),
  adminRemove: endpoint({
    method: 'POST',
    path: '/admin/screening/:id/remove',
    twoFactor: true,
    params: idParamSchema,
    body: screeningReasonBodySchema,
    status: [200, 202],
    answer: screeningEntrySchema,
    errors: ['SCREENING_NOT_FOUND', 'SCREENING_FROM_FILE', 'CHANGE_PENDING_ALREADY', 'TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary:
      "Take an admin's entry off the list with a reason (kept in the history); file entries go with the file. Once the portal is live the removal is a pending change (202, the entry still listed)",
  }),
  adminImport: endpoint({
    method: 'POST',
    path: '/admin/screening/import',
    twoFactor: true,
    body: screeningImportBodySchema,
    status: 200,
    answer: screeningImportResultSchema,
    errors: [],
    tags: ['admin'],
    summary:
      'List the addresses of a CSV (`address,reason` per line): each line answered added, already listed or why not',
  }),
};
