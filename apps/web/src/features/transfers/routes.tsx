import type { AppRoute } from '../../shared/app-route';
import { inMenu, memberPage } from '../../shared/signed-in-page';

/** Transfers between members and their history. Each page is loaded on its first visit. */
export const transferRoutes: AppRoute[] = [
  memberPage('/transfer', 'Transfer', inMenu('wallet', 'SwapHorizOutlined'), () =>
    import('./TransferPage').then(({ TransferPage }) => <TransferPage />),
  ),
  memberPage('/transfer-sender-history', 'Transfers Sent', () =>
    import('./TransferHistoryPage').then(({ TransferHistoryPage }) => <TransferHistoryPage direction="sent" />),
  ),
  memberPage('/transfer-Receiver-history', 'Transfers Received', () =>
    import('./TransferHistoryPage').then(({ TransferHistoryPage }) => <TransferHistoryPage direction="received" />),
  ),
];
