import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** Every purchase and its refund (admins). Members cancel from their purchase history (features/packages). */
export const refundRoutes: AppRoute[] = [
  adminPage('/admin/purchases', 'Purchases and refunds', inMenu('adminPlan', 'ShoppingCartOutlined'), () =>
    import('./AdminPurchasesPage').then(({ AdminPurchasesPage }) => <AdminPurchasesPage />),
  ),
];
