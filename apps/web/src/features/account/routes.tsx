import type { AppRoute } from '../../shared/app-route';
import { memberPage } from '../../shared/signed-in-page';

/** The signed-in account's settings. Each page is loaded on its first visit. */
export const accountRoutes: AppRoute[] = [
  memberPage('/account-settings', 'Account Settings', () =>
    import('./AccountSettingsPage').then(({ AccountSettingsPage }) => <AccountSettingsPage />),
  ),
];
