import { describe, expect, it } from 'vitest';
import { decide } from './guard';
import { GUEST_PATHS } from '../shared/guest-paths';
import { APP_ROUTES } from './routes';

const guestSession = { isAuthenticated: false, role: 'Member' };
const memberSession = { isAuthenticated: true, role: 'member' };
const adminSession = { isAuthenticated: true, role: 'admin' };

describe('navigation guard', () => {
  it('ends the session on /login whoever visits', () => {
    const login = { path: '/login', auth: false, admin: false };
    for (const s of [guestSession, memberSession, adminSession]) expect(decide(login, s)).toEqual({ kind: 'logout' });
  });

  it('sends a signed-out visitor of a sign-in page to /', () => {
    expect(decide({ path: '/dashboard', auth: true, admin: false }, guestSession)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decide({ path: '/Users', auth: true, admin: true }, guestSession)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends a non-admin to /dashboard from an admin page; compares to lowercase admin', () => {
    expect(decide({ path: '/Users', auth: true, admin: true }, memberSession)).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide({ path: '/Users', auth: true, admin: true }, { isAuthenticated: true, role: 'Admin' })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide({ path: '/Users', auth: true, admin: true }, adminSession)).toEqual({ kind: 'allow' });
  });

  it('lets anyone through guest pages other than /login', () => {
    expect(decide({ path: '/register', auth: false, admin: false }, memberSession)).toEqual({ kind: 'allow' });
  });
});

describe('route table', () => {
  const byPath = new Map(APP_ROUTES.map((r) => [r.path, r]));

  it('holds every route of the original, spelled exactly', () => {
    const original = [
      '/dashboard',
      '/Users',
      '/Members',
      '/Transactions',
      '/admindashboard',
      '/account-settings',
      '/referral-link',
      '/sponsor-tree',
      '/member-network',
      '/member-network2',
      '/purchase-package',
      '/placement',
      '/transfer',
      '/matching-bonus',
      '/referral-bonus',
      '/withdraw-history',
      '/withdraw-approval-history',
      '/withdraw',
      '/withdraw-approval',
      '/repurchase-history',
      '/repurchase',
      '/deposit-address',
      '/deposit-history',
      '/deposit-history-member',
      '/deposit-consolidate-history',
      '/deposit',
      '/transfer-sender-history',
      '/transfer-Receiver-history',
      '/convert',
      '/convert-history',
      '/redeem-product',
      '/redeem-history',
      '/bep20-wallets',
      '/wallet',
      '/total-income',
      '/redemption-approval',
      '/redemption-approval-history',
      '/admin-matching-bonus',
      '/admin-referral-bonus',
      '/login',
      '/register',
      '/forgot-password',
      '/password-reset',
    ];
    for (const path of original) expect(byPath.has(path), path).toBe(true);
    expect(new Set(APP_ROUTES.map((r) => r.path)).size).toBe(APP_ROUTES.length);
  });

  it('flags exactly the admin pages of PRODUCT.md §12 (plus the admin catalogue pages, purchases and refunds, address screening, the plan simulator, the ranks, the trial balance and the income disclosure)', () => {
    const admins = APP_ROUTES.filter((r) => r.admin)
      .map((r) => r.path)
      .sort();
    expect(admins).toEqual(
      [
        '/admindashboard',
        '/Users',
        '/Members',
        '/Members/:id',
        '/support-view/:id',
        '/Transactions',
        '/admin/trial-balance',
        '/withdraw-approval',
        '/withdraw-approval-history',
        '/redemption-approval',
        '/redemption-approval-history',
        '/deposit-history',
        '/deposit-consolidate-history',
        '/bep20-wallets',
        '/admin-matching-bonus',
        '/admin-referral-bonus',
        '/income-disclosure',
        '/admin/packages',
        '/admin/purchases',
        '/admin/products',
        '/admin/settings',
        '/admin/audit-log',
        '/address-screening',
        '/admin-webhooks',
        '/admin-identity-checks',
        '/admin-plan-simulator',
        '/admin/ranks',
        '/admin/rank-achievements',
      ].sort(),
    );
  });

  it('keeps the original titles', () => {
    const titles: Record<string, string> = {
      '/dashboard': 'Dashboard',
      '/Users': 'Users Management',
      '/Members': 'Members Management',
      '/Transactions': 'Transactions List',
      '/admindashboard': 'Admin Dashboard',
      '/sponsor-tree': 'Sponsor Network',
      '/matching-bonus': 'Transaction Report',
      '/referral-bonus': 'Bonus Report',
      '/convert': 'Point Conversion',
    };
    for (const [path, title] of Object.entries(titles)) expect(byPath.get(path)?.title).toBe(title);
  });

  it('puts guest pages in the blank layout, public ones in the public layout, and requires sign-in everywhere else', () => {
    const PUBLIC_PATHS = ['/proof-of-reserves', '/published-income-disclosure', '/mail-unsubscribe', '/glossary'];
    for (const route of APP_ROUTES) {
      const isGuest = GUEST_PATHS.includes(route.path);
      const isPublic = PUBLIC_PATHS.includes(route.path);
      expect(route.layout).toBe(isGuest ? 'blank' : isPublic ? 'public' : 'vertical');
      expect(route.auth).toBe(!isGuest && !isPublic);
    }
  });
});
