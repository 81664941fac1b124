import { ADMIN_ONLY, type AppRoute } from '../../shared/app-route';

/** The plan settings (admins). Each page is loaded on its first visit. */
export const settingsRoutes: AppRoute[] = [
  {
    path: '/admin/settings',
    title: 'Plan Settings',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Settings', icon: 'TuneOutlined' },
    page: () => import('./SettingsPage').then(({ SettingsPage }) => <SettingsPage />),
  },
];
