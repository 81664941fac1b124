import { MEMBER, type AppRoute } from '../../shared/app-route';

/** Transfers between members and their history. Each page is loaded on its first visit. */
export const transferRoutes: AppRoute[] = [
  {
    path: '/transfer',
    title: 'Transfer',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Transfer', icon: 'SwapHorizOutlined' },
    page: () => import('./TransferPage').then(({ TransferPage }) => <TransferPage />),
  },
  {
    path: '/transfer-sender-history',
    title: 'Transfers Sent',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Transfers sent', icon: 'CallMadeOutlined' },
    page: () =>
      import('./TransferHistoryPage').then(({ TransferHistoryPage }) => <TransferHistoryPage direction="sent" />),
  },
  {
    path: '/transfer-Receiver-history',
    title: 'Transfers Received',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Transfers received', icon: 'CallReceivedOutlined' },
    page: () =>
      import('./TransferHistoryPage').then(({ TransferHistoryPage }) => <TransferHistoryPage direction="received" />),
  },
];
