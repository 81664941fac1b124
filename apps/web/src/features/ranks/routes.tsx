import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu, memberPage } from '../../shared/signed-in-page';

/** Ranks: the member's progress page, the admin's ladder and report. Each page is loaded on its first visit. */
export const rankRoutes: AppRoute[] = [
  memberPage('/ranks', 'Ranks', () => import('./RanksPage').then(({ RanksPage }) => <RanksPage />)),
  adminPage('/admin/ranks', 'Ranks', inMenu('adminPlan', 'MilitaryTechOutlined'), () =>
    import('./admin-ranks/AdminRanksPage').then(({ AdminRanksPage }) => <AdminRanksPage />),
  ),
];

/** The report, after the bonus reports in the admin's reports group. */
export const rankReportRoutes: AppRoute[] = [
  adminPage('/admin/rank-achievements', 'Rank achievements', inMenu('adminReports', 'WorkspacePremiumOutlined'), () =>
    import('./AchievementsPage').then(({ AchievementsPage }) => <AchievementsPage />),
  ),
];
