import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu } from '../../shared/signed-in-page';

/** Every journal entry (admins). Each page is loaded on its first visit. */
export const adminTransactionRoutes: AppRoute[] = [
  adminPage('/Transactions', 'Transactions List', inMenu('admin', 'ReceiptLongOutlined'), () =>
    import('./TransactionsPage').then(({ TransactionsPage }) => <TransactionsPage />),
  ),
];
