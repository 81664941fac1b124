import { ADMIN_ONLY, MEMBER, type AppRoute } from '../../shared/app-route';

/** Products: the member's redemptions; the admin's approvals and catalogue. Each page is loaded on its first visit. */
export const productRoutes: AppRoute[] = [
  {
    path: '/redeem-product',
    title: 'Redeem Product',
    ...MEMBER,
    menu: { group: 'products', label: 'Redeem product', icon: 'RedeemOutlined' },
    page: () => import('./RedeemProductPage').then(({ RedeemProductPage }) => <RedeemProductPage />),
  },
  {
    path: '/redeem-history',
    title: 'Redemption History',
    ...MEMBER,
    menu: { group: 'products', label: 'Redemption history', icon: 'HistoryOutlined' },
    page: () => import('./RedemptionHistoryPage').then(({ RedemptionHistoryPage }) => <RedemptionHistoryPage />),
  },
  {
    path: '/redemption-approval',
    title: 'Redemption Approval',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Pending redemptions', icon: 'LocalShippingOutlined' },
    page: () => import('./RedemptionApprovalPage').then(({ RedemptionApprovalPage }) => <RedemptionApprovalPage />),
  },
  {
    path: '/redemption-approval-history',
    title: 'Redemption Approval History',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Redemption decisions', icon: 'HistoryOutlined' },
    page: () =>
      import('./RedemptionApprovalPage').then(({ RedemptionApprovalHistoryPage }) => <RedemptionApprovalHistoryPage />),
  },
  {
    path: '/admin/products',
    title: 'Products',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Products', icon: 'StorefrontOutlined' },
    page: () => import('./AdminProductsPage').then(({ AdminProductsPage }) => <AdminProductsPage />),
  },
];
