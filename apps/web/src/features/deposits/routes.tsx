import { ADMIN_ONLY, MEMBER, type AppRoute } from '../../shared/app-route';

/** Deposits: the member's address and history; the admin's deposits, consolidations and hot wallets. Each page is loaded on its first visit. */
export const depositRoutes: AppRoute[] = [
  {
    path: '/deposit',
    title: 'Deposit',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Deposit', icon: 'DownloadOutlined' },
    page: () => import('./DepositPage').then(({ DepositPage }) => <DepositPage />),
  },
  {
    path: '/deposit-address',
    title: 'Deposit Address',
    ...MEMBER,
    page: () => import('./DepositPage').then(({ DepositAddressCard }) => <DepositAddressCard />),
  },
  {
    path: '/deposit-history-member',
    title: 'Deposit History',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Deposit history', icon: 'HistoryOutlined' },
    page: () => import('./DepositHistoryPages').then(({ MemberDepositHistoryPage }) => <MemberDepositHistoryPage />),
  },
  {
    path: '/deposit-history',
    title: 'All Deposits',
    ...ADMIN_ONLY,
    menu: { group: 'adminTreasury', label: 'All deposits', icon: 'SavingsOutlined' },
    page: () => import('./DepositHistoryPages').then(({ AdminDepositHistoryPage }) => <AdminDepositHistoryPage />),
  },
  {
    path: '/deposit-consolidate-history',
    title: 'Consolidation History',
    ...ADMIN_ONLY,
    menu: { group: 'adminTreasury', label: 'Consolidations', icon: 'MergeTypeOutlined' },
    page: () => import('./ConsolidationsPage').then(({ ConsolidationsPage }) => <ConsolidationsPage />),
  },
  {
    path: '/bep20-wallets',
    title: 'BEP20 Wallets',
    ...ADMIN_ONLY,
    menu: { group: 'adminTreasury', label: 'BEP20 wallets', icon: 'AccountBalanceOutlined' },
    page: () => import('./Bep20WalletsPage').then(({ Bep20WalletsPage }) => <Bep20WalletsPage />),
  },
];
