import type { AppRoute } from '../../shared/app-route';
import { inMenu, memberPage } from '../../shared/signed-in-page';

/** Point conversion and its history. Each page is loaded on its first visit. */
export const conversionRoutes: AppRoute[] = [
  memberPage('/convert', 'Point Conversion', inMenu('wallet', 'CurrencyExchangeOutlined'), () =>
    import('./ConvertPage').then(({ ConvertPage }) => <ConvertPage />),
  ),
  memberPage('/convert-history', 'Conversion History', () =>
    import('./ConversionHistoryPage').then(({ ConversionHistoryPage }) => <ConversionHistoryPage />),
  ),
];
