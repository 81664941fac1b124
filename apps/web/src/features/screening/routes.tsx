import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** Address screening: the list no withdrawal may go to, whose deposits are held (admins). */
export const screeningRoutes: AppRoute[] = [
  adminPage('/address-screening', 'Address Screening', inMenu('adminTreasury', 'BlockOutlined'), () =>
    import('./ScreeningPage').then(({ ScreeningPage }) => <ScreeningPage />),
  ),
];
