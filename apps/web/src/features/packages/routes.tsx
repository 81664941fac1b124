import type { AppRoute } from '../../shared/app-route';
import { inMenu, memberPage } from '../../shared/signed-in-page';

/** Buying packages and the purchase history. Each page is loaded on its first visit. */
export const packageRoutes: AppRoute[] = [
  memberPage('/purchase-package', 'Purchase Package', inMenu('packages', 'ShoppingCartOutlined'), () =>
    import('./PurchasePackagePage').then(({ PurchasePackagePage }) => <PurchasePackagePage />),
  ),
  memberPage('/repurchase', 'Repurchase', () =>
    import('./PurchasePackagePage').then(({ PurchasePackagePage }) => <PurchasePackagePage repurchase />),
  ),
  memberPage('/repurchase-history', 'Repurchase History', () =>
    import('./RepurchaseHistoryPage').then(({ RepurchaseHistoryPage }) => <RepurchaseHistoryPage />),
  ),
];
