import type { AppRoute } from '../../shared/app-route';
import { adminPage, inMenu, memberPage, publicPage } from '../../shared/signed-in-page';

/** Income and bonus reports: the member's own and the admin's of everyone. Each page is loaded on its first visit. */
export const bonusRoutes: AppRoute[] = [
  memberPage('/total-income', 'Total Income', inMenu('wallet', 'TrendingUpOutlined'), () =>
    import('./TotalIncomePage').then(({ TotalIncomePage }) => <TotalIncomePage />),
  ),
  memberPage('/matching-bonus', 'Transaction Report', () =>
    import('./BonusReports').then(({ BonusReport }) => <BonusReport type="matching" />),
  ),
  memberPage('/referral-bonus', 'Bonus Report', () =>
    import('./BonusReports').then(({ BonusReport }) => <BonusReport type="referral" />),
  ),
  adminPage('/admin-matching-bonus', 'Matching Bonus Report', inMenu('adminReports', 'LeaderboardOutlined'), () =>
    import('./BonusReports').then(({ BonusReport }) => <BonusReport type="matching" admin />),
  ),
  adminPage('/admin-referral-bonus', 'Referral Bonus Report', inMenu('adminReports', 'CardGiftcardOutlined'), () =>
    import('./BonusReports').then(({ BonusReport }) => <BonusReport type="referral" admin />),
  ),
  adminPage('/income-disclosure', 'Income Disclosure', inMenu('adminReports', 'QueryStatsOutlined'), () =>
    import('./IncomeDisclosurePage').then(({ IncomeDisclosurePage }) => <IncomeDisclosurePage />),
  ),
  publicPage('/published-income-disclosure', 'Income Disclosure', () =>
    import('./PublishedIncomeDisclosurePage').then(({ PublishedIncomeDisclosurePage }) => (
      <PublishedIncomeDisclosurePage />
    )),
  ),
];
