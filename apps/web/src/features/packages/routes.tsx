import { MEMBER, type AppRoute } from '../../shared/app-route';

/** Buying packages and the purchase history. Each page is loaded on its first visit. */
export const packageRoutes: AppRoute[] = [
  {
    path: '/purchase-package',
    title: 'Purchase Package',
    ...MEMBER,
    menu: { group: 'packages', label: 'Purchase package', icon: 'ShoppingCartOutlined' },
    page: () => import('./PurchasePackagePage').then(({ PurchasePackagePage }) => <PurchasePackagePage />),
  },
  {
    path: '/repurchase',
    title: 'Repurchase',
    ...MEMBER,
    page: () => import('./PurchasePackagePage').then(({ PurchasePackagePage }) => <PurchasePackagePage repurchase />),
  },
  {
    path: '/repurchase-history',
    title: 'Repurchase History',
    ...MEMBER,
    menu: { group: 'packages', label: 'Repurchase history', icon: 'HistoryOutlined' },
    page: () => import('./RepurchaseHistoryPage').then(({ RepurchaseHistoryPage }) => <RepurchaseHistoryPage />),
  },
];
