import { ADMIN_ONLY, MEMBER, type AppRoute } from '../../shared/app-route';

/** Withdrawals: the member's request and history; the admin's approvals. Each page is loaded on its first visit. */
export const withdrawalRoutes: AppRoute[] = [
  {
    path: '/withdraw',
    title: 'Withdraw',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Withdraw', icon: 'UploadOutlined' },
    page: () => import('./WithdrawPage').then(({ WithdrawPage }) => <WithdrawPage />),
  },
  {
    path: '/withdraw-history',
    title: 'Withdraw History',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Withdraw history', icon: 'HistoryOutlined' },
    page: () => import('./WithdrawalLists').then(({ WithdrawHistoryPage }) => <WithdrawHistoryPage />),
  },
  {
    path: '/withdraw-approval',
    title: 'Withdraw Approval',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Pending withdrawals', icon: 'TaskAltOutlined' },
    page: () => import('./WithdrawalLists').then(({ WithdrawApprovalPage }) => <WithdrawApprovalPage />),
  },
  {
    path: '/withdraw-approval-history',
    title: 'Withdraw Approval History',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Withdrawal decisions', icon: 'HistoryOutlined' },
    page: () => import('./WithdrawalLists').then(({ WithdrawApprovalPage }) => <WithdrawApprovalPage history />),
  },
];
