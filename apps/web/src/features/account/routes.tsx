import { MEMBER, type AppRoute } from '../../shared/app-route';

/** The signed-in account's settings. Each page is loaded on its first visit. */
export const accountRoutes: AppRoute[] = [
  {
    path: '/account-settings',
    title: 'Account Settings',
    ...MEMBER,
    menu: { group: 'account', label: 'Account settings', icon: 'ManageAccountsOutlined' },
    page: () => import('./AccountSettingsPage').then(({ AccountSettingsPage }) => <AccountSettingsPage />),
  },
];
