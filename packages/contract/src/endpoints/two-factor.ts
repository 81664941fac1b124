import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import { oneTimeCodeErrors, secondFactorErrors } from './shared-errors';
import {
  twoFactorCodeBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../withdrawals';

/** What its writes may answer about two-factor's own state: already on, not on, not set up, required. */
const stateErrors = [
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
  'TWO_FACTOR_NOT_SET_UP',
  'TWO_FACTOR_REQUIRED',
] as const satisfies readonly ApiErrorCode[];

/** What setting it up and turning it on may answer: the first code is checked here (apps/api/src/two-factor/enable-two-factor.ts), not by the second factor's guard that checks the turning off. */
const writeErrors = [...stateErrors, ...oneTimeCodeErrors] as const;

/** `/api/me` */
export const twoFactor = {
  status: endpoint({
    method: 'GET',
    path: '/me/2fa',
    status: 200,
    answer: twoFactorStatusSchema,
    errors: [],
    tags: ['account'],
    summary: 'Whether two-factor sign-in is on',
  }),
  setup: endpoint({
    method: 'POST',
    path: '/me/2fa/setup',
    status: 200,
    answer: twoFactorSetupSchema,
    errors: writeErrors,
    tags: ['account'],
    summary: 'A new TOTP secret and its otpauth URL (not active until enabled with a first code)',
  }),
  enable: endpoint({
    method: 'POST',
    path: '/me/2fa/enable',
    body: twoFactorCodeBodySchema,
    status: 200,
    answer: twoFactorEnabledSchema,
    errors: writeErrors,
    tags: ['account'],
    summary: 'Turn two-factor on with a first code; answers the recovery codes, once',
  }),
  disable: endpoint({
    method: 'POST',
    path: '/me/2fa/disable',
    body: twoFactorCodeBodySchema,
    status: 204,
    errors: [...stateErrors, ...secondFactorErrors],
    tags: ['account'],
    summary:
      'Turn two-factor off with a current code (or a recovery code); repeated wrong codes lock the codes for a while (429)',
  }),
};
