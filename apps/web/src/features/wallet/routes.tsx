import type { AppRoute } from '../../shared/app-route';
import { inMenu, memberPage } from '../../shared/signed-in-page';

/** The member's wallets and their history. Each page is loaded on its first visit. */
export const walletRoutes: AppRoute[] = [
  memberPage('/wallet', 'Wallet', inMenu('wallet', 'AccountBalanceWalletOutlined'), () =>
    import('./WalletPage').then(({ WalletPage }) => <WalletPage />),
  ),
];
