import { MEMBER, type AppRoute } from '../../shared/app-route';

/** Point conversion and its history. Each page is loaded on its first visit. */
export const conversionRoutes: AppRoute[] = [
  {
    path: '/convert',
    title: 'Point Conversion',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Point conversion', icon: 'CurrencyExchangeOutlined' },
    page: () => import('./ConvertPage').then(({ ConvertPage }) => <ConvertPage />),
  },
  {
    path: '/convert-history',
    title: 'Conversion History',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Conversion history', icon: 'HistoryOutlined' },
    page: () => import('./ConversionHistoryPage').then(({ ConversionHistoryPage }) => <ConversionHistoryPage />),
  },
];
