import { describe, expect, it } from 'vitest';
import { navigationFor } from './navigation';

const paths = (isAdmin: boolean) => navigationFor(isAdmin).flatMap((s) => s.items.map((i) => i.path));
const headings = (isAdmin: boolean) => navigationFor(isAdmin).map((s) => s.heading);

describe('navigation by role', () => {
  it('shows members the member groups only, in the order of UI.md', () => {
    expect(headings(false)).toEqual([null, 'Network', 'Wallet', 'Packages', 'Bonuses', 'Products', 'Account']);
    expect(paths(false)).toContain('/dashboard');
    expect(paths(false)).toContain('/transfer-Receiver-history');
    for (const adminPath of ['/admindashboard', '/Users', '/withdraw-approval', '/admin/settings']) {
      expect(paths(false)).not.toContain(adminPath);
    }
  });

  it('adds the Admin group for admins', () => {
    expect(headings(true).slice(0, 8)).toEqual(headings(false).concat('Admin'));
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
  });
});
