import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** The plan settings (admins). Each page is loaded on its first visit. */
export const settingsRoutes: AppRoute[] = [
  adminPage('/admin/settings', 'Plan Settings', inMenu('adminPlan', 'TuneOutlined'), () =>
    import('./SettingsPage').then(({ SettingsPage }) => <SettingsPage />),
  ),
];
