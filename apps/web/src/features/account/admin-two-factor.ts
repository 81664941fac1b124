import type { TwoFactorStatus } from '@portal/contract';
import { api } from '../../shared/api/instance';

// Kept apart from AdminTwoFactorNotice.tsx: the sign-in page uses these, and loads no page's components.
/** Where an admin turns two-factor on: the Security tab, with the reason explained there. */
export const ADMIN_TWO_FACTOR_SETUP = '/account-settings?tab=security&why=admin';

/** Right after an admin's first sign-in: true when the portal asks them for two-factor and they have none (a failed check never blocks the sign-in). */
export async function adminNeedsTwoFactor(): Promise<boolean> {
  try {
    const status = await api.get<TwoFactorStatus>('/me/2fa');
    return status.setupPrompt;
  } catch {
    return false;
  }
}
