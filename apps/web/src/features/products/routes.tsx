import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu, memberPage } from '../../shared/signed-in-page';

/** Products: the member's redemptions; the admin's approvals and catalogue. Each page is loaded on its first visit. */
export const productRoutes: AppRoute[] = [
  memberPage('/redeem-product', 'Redeem Product', inMenu('products', 'RedeemOutlined'), () =>
    import('./RedeemProductPage').then(({ RedeemProductPage }) => <RedeemProductPage />),
  ),
  memberPage('/redeem-history', 'Redemption History', () =>
    import('./RedemptionHistoryPage').then(({ RedemptionHistoryPage }) => <RedemptionHistoryPage />),
  ),
  adminPage('/redemption-approval', 'Redemption Approval', inMenu('adminApprovals', 'LocalShippingOutlined'), () =>
    import('./RedemptionApprovalPage').then(({ RedemptionApprovalPage }) => <RedemptionApprovalPage />),
  ),
  adminPage('/redemption-approval-history', 'Redemption Approval History', () =>
    import('./RedemptionApprovalPage').then(({ RedemptionApprovalHistoryPage }) => <RedemptionApprovalHistoryPage />),
  ),
  adminPage('/admin/products', 'Products', inMenu('adminPlan', 'StorefrontOutlined'), () =>
    import('./AdminProductsPage').then(({ AdminProductsPage }) => <AdminProductsPage />),
  ),
];
