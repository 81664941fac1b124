import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { endpoints } from '@portal/contract';
import { api } from '../../shared/api/instance';

/** Where an admin turns two-factor on: the Security tab, with the reason explained there. */
export const ADMIN_TWO_FACTOR_SETUP = '/account-settings?tab=security&why=admin';

/** True when the portal asks this admin for two-factor and they have none yet, on their first sign-in (a failed check never blocks anything). */
async function adminNeedsTwoFactor(): Promise<boolean> {
  try {
    const status = await api.call(endpoints.twoFactor.status);
    return status.setupPrompt;
  } catch {
    return false;
  }
}

/**
 * Where an admin lands after signing in (the admin dashboard): on their first
 * sign-in, an admin without the two-factor the portal asks of admins goes on
 * to set it up (docs/decisions/0027-second-factor-throttle-and-admin-two-factor.md).
 * Asked here rather than by the sign-in form, whose JavaScript has a budget
 * (e2e/sign-in-weight.spec.ts); once per page load, so an admin who comes
 * back to the dashboard without setting it up is not sent away again.
 */
let askedThisLoad = false;
export function useFirstSignInTwoFactorSetup(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (askedThisLoad) return;
    askedThisLoad = true;
    void adminNeedsTwoFactor().then((needed) => {
      if (needed) void navigate(ADMIN_TWO_FACTOR_SETUP, { replace: true });
    });
  }, [navigate]);
}
