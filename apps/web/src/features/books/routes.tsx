import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** The books an accountant takes (admins). Loaded on its first visit. */
export const bookRoutes: AppRoute[] = [
  adminPage('/admin/trial-balance', 'Trial Balance', inMenu('admin', 'BalanceOutlined'), () =>
    import('./TrialBalancePage').then(({ TrialBalancePage }) => <TrialBalancePage />),
  ),
];
