import { ADMIN_ONLY, MEMBER, type AppRoute } from '../../shared/app-route';

/** Income and bonus reports: the member's own and the admin's of everyone. Each page is loaded on its first visit. */
export const bonusRoutes: AppRoute[] = [
  {
    path: '/total-income',
    title: 'Total Income',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Total income', icon: 'TrendingUpOutlined' },
    page: () => import('./TotalIncomePage').then(({ TotalIncomePage }) => <TotalIncomePage />),
  },
  {
    path: '/matching-bonus',
    title: 'Transaction Report',
    ...MEMBER,
    menu: { group: 'bonuses', label: 'Matching bonus', icon: 'CallSplitOutlined' },
    page: () => import('./BonusReports').then(({ BonusReport }) => <BonusReport type="matching" />),
  },
  {
    path: '/referral-bonus',
    title: 'Bonus Report',
    ...MEMBER,
    menu: { group: 'bonuses', label: 'Referral bonus', icon: 'EmojiEventsOutlined' },
    page: () => import('./BonusReports').then(({ BonusReport }) => <BonusReport type="referral" />),
  },
  {
    path: '/admin-matching-bonus',
    title: 'Matching Bonus Report',
    ...ADMIN_ONLY,
    menu: { group: 'adminReports', label: 'All matching bonuses', icon: 'LeaderboardOutlined' },
    page: () => import('./BonusReports').then(({ BonusReport }) => <BonusReport type="matching" admin />),
  },
  {
    path: '/admin-referral-bonus',
    title: 'Referral Bonus Report',
    ...ADMIN_ONLY,
    menu: { group: 'adminReports', label: 'All referral bonuses', icon: 'CardGiftcardOutlined' },
    page: () => import('./BonusReports').then(({ BonusReport }) => <BonusReport type="referral" admin />),
  },
];
