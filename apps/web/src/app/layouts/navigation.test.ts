import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../routes';
import { PAGE_TAB_GROUPS } from '../../shared/page-tabs';
import { navigationFor } from './navigation';

const paths = (isAdmin: boolean, isMember = true) =>
  navigationFor(isAdmin, isMember).flatMap((s) => s.items.map((i) => i.path));
const headings = (isAdmin: boolean, isMember = true) => navigationFor(isAdmin, isMember).map((s) => s.heading);
const memberHeadings = [null, 'Network', 'Wallet', 'Packages', 'Products'];
const adminHeadings = ['Admin', 'Approvals', 'Deposits & treasury', 'Bonus reports', 'Plan & catalogue'];

describe('navigation by role', () => {
  it('shows members the member groups only, in the order of UI.md', () => {
    expect(headings(false)).toEqual(memberHeadings);
    expect(paths(false)).toContain('/dashboard');
    expect(paths(false)).toContain('/transfer');
    // A history is a tab of its page (shared/page-tabs.ts), not an entry of its own; the menu stays scannable.
    expect(paths(false)).not.toContain('/transfer-Receiver-history');
    expect(paths(false).length).toBeLessThanOrEqual(12);
    for (const adminPath of ['/admindashboard', '/Users', '/withdraw-approval', '/admin/settings']) {
      expect(paths(false)).not.toContain(adminPath);
    }
  });

  it('puts the Admin group first for an admin who is also a member, then every member group', () => {
    expect(headings(true, true)).toEqual([...adminHeadings, ...memberHeadings]);
    for (const adminPath of [
      '/admindashboard',
      '/Users',
      '/Members',
      '/Transactions',
      '/withdraw-approval',
      '/bep20-wallets',
      '/admin/audit-log',
    ]) {
      expect(paths(true)).toContain(adminPath);
    }
    expect(paths(true)[0]).toBe('/admindashboard');
  });

  it('offers an admin without membership no member page that can only fail', () => {
    const offered = paths(true, false);
    expect(headings(true, false).slice(0, adminHeadings.length)).toEqual(adminHeadings);
    for (const failing of ['/dashboard', '/referral-link', '/wallet', '/transfer', '/purchase-package']) {
      expect(offered).not.toContain(failing);
    }
    expect(offered).toContain('/member-network');
  });

  it('lists the first page of each tab group and none of the others; every tab is a page of the route table', () => {
    const all = paths(true, true);
    for (const group of PAGE_TAB_GROUPS) {
      expect(all).toContain(group[0]!.path);
      for (const tab of group.slice(1)) expect(all).not.toContain(tab.path);
      for (const tab of group) expect(APP_ROUTES.some((r) => r.path === tab.path)).toBe(true);
    }
  });

  it('names every menu item exactly as its page title', () => {
    for (const section of navigationFor(true, true)) {
      for (const item of section.items) {
        expect(item.label).toBe(APP_ROUTES.find((r) => r.path === item.path)!.title);
      }
    }
  });
});
