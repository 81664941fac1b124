/**
 * Authentication, one file per use case: sign-in (./sign-in.ts), token
 * refresh and sign-out (./refresh.ts), registration (./register.ts), the
 * password reset (./password-reset.ts). The names other modules and tests
 * import from here stay here.
 */
export { assertPasswordAllowed } from './passwords';
export { REFRESH_GRACE_MS } from './refresh';
