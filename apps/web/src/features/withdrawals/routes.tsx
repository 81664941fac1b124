import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu, memberPage } from '../../shared/signed-in-page';

/** Withdrawals: the member's request and history; the admin's approvals. Each page is loaded on its first visit. */
export const withdrawalRoutes: AppRoute[] = [
  memberPage('/withdraw', 'Withdraw', inMenu('wallet', 'UploadOutlined'), () =>
    import('./WithdrawPage').then(({ WithdrawPage }) => <WithdrawPage />),
  ),
  memberPage('/withdraw-history', 'Withdraw History', () =>
    import('./WithdrawalLists').then(({ WithdrawHistoryPage }) => <WithdrawHistoryPage />),
  ),
  adminPage('/withdraw-approval', 'Withdraw Approval', inMenu('adminApprovals', 'TaskAltOutlined'), () =>
    import('./WithdrawalLists').then(({ WithdrawApprovalPage }) => <WithdrawApprovalPage />),
  ),
  adminPage('/withdraw-approval-history', 'Withdraw Approval History', () =>
    import('./WithdrawalLists').then(({ WithdrawApprovalPage }) => <WithdrawApprovalPage history />),
  ),
];
