// Apart from the route types and flags (`app-route.ts`), which the sign-in page loads: only the signed-in menu
// reads the groups, so they come with the signed-in route table (docs/decisions/0023-a-light-sign-in-page.md).

/** Menu sections, in the order the navigation shows them (UI.md "Menu groups"). */
export const MENU_GROUPS = [
  { id: 'main', heading: null, adminOnly: false },
  { id: 'network', heading: 'Network', adminOnly: false },
  { id: 'wallet', heading: 'Wallet', adminOnly: false },
  { id: 'packages', heading: 'Packages', adminOnly: false },
  { id: 'products', heading: 'Products', adminOnly: false },
  // The Admin group, in sections so that its labels stay short.
  { id: 'admin', heading: 'Admin', adminOnly: true },
  { id: 'adminApprovals', heading: 'Approvals', adminOnly: true },
  { id: 'adminTreasury', heading: 'Deposits & treasury', adminOnly: true },
  { id: 'adminReports', heading: 'Bonus reports', adminOnly: true },
  { id: 'adminPlan', heading: 'Plan & catalogue', adminOnly: true },
] as const;
export type MenuGroupId = (typeof MENU_GROUPS)[number]['id'];
