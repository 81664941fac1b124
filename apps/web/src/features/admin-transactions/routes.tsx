import { ADMIN_ONLY, type AppRoute } from '../../shared/app-route';

/** Every journal entry (admins). Each page is loaded on its first visit. */
export const adminTransactionRoutes: AppRoute[] = [
  {
    path: '/Transactions',
    title: 'Transactions List',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Transactions', icon: 'ReceiptLongOutlined' },
    page: () => import('./TransactionsPage').then(({ TransactionsPage }) => <TransactionsPage />),
  },
];
