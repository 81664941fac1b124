import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** The plan simulator (admins). Loaded on its first visit. */
export const planSimulatorRoutes: AppRoute[] = [
  adminPage('/admin-plan-simulator', 'Plan Simulator', inMenu('adminPlan', 'ScienceOutlined'), () =>
    import('./PlanSimulatorPage').then(({ PlanSimulatorPage }) => <PlanSimulatorPage />),
  ),
];
