import { MEMBER, type AppRoute } from '../../shared/app-route';

/** The member's wallets and their history. Each page is loaded on its first visit. */
export const walletRoutes: AppRoute[] = [
  {
    path: '/wallet',
    title: 'Wallet',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Wallet', icon: 'AccountBalanceWalletOutlined' },
    page: () => import('./WalletPage').then(({ WalletPage }) => <WalletPage />),
  },
];
