import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu, memberPage } from '../../shared/signed-in-page';

/** Deposits: the member's address and history; the admin's deposits, consolidations and hot wallets. Each page is loaded on its first visit. */
export const depositRoutes: AppRoute[] = [
  memberPage('/deposit', 'Deposit', inMenu('wallet', 'DownloadOutlined'), () =>
    import('./DepositPage').then(({ DepositPage }) => <DepositPage />),
  ),
  memberPage('/deposit-address', 'Deposit Address', () =>
    import('./DepositPage').then(({ DepositAddressCard }) => <DepositAddressCard />),
  ),
  memberPage('/deposit-history-member', 'Deposit History', () =>
    import('./DepositHistoryPages').then(({ MemberDepositHistoryPage }) => <MemberDepositHistoryPage />),
  ),
  adminPage('/deposit-history', 'All Deposits', inMenu('adminTreasury', 'SavingsOutlined'), () =>
    import('./DepositHistoryPages').then(({ AdminDepositHistoryPage }) => <AdminDepositHistoryPage />),
  ),
  adminPage('/deposit-consolidate-history', 'Consolidation History', inMenu('adminTreasury', 'MergeTypeOutlined'), () =>
    import('./ConsolidationsPage').then(({ ConsolidationsPage }) => <ConsolidationsPage />),
  ),
  adminPage('/bep20-wallets', 'BEP20 Wallets', inMenu('adminTreasury', 'AccountBalanceOutlined'), () =>
    import('./Bep20WalletsPage').then(({ Bep20WalletsPage }) => <Bep20WalletsPage />),
  ),
];
