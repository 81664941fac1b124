/**
 * Pages that are tabs of one page: the navigation lists the first, and each
 * page of a group shows the group's tabs above it (app/layouts/PageTabs.tsx).
 * Every original route stays a deep link that opens its tab.
 */
export interface PageTab {
  path: string;
  label: string;
}

export const PAGE_TAB_GROUPS: ReadonlyArray<readonly PageTab[]> = [
  [
    { path: '/member-network', label: 'Binary tree' },
    { path: '/member-network2', label: 'Downline' },
    { path: '/placement', label: 'Placement' },
  ],
  [
    { path: '/deposit', label: 'Deposit' },
    { path: '/deposit-address', label: 'Address' },
    { path: '/deposit-history-member', label: 'History' },
  ],
  [
    { path: '/transfer', label: 'Send' },
    { path: '/transfer-sender-history', label: 'Sent' },
    { path: '/transfer-Receiver-history', label: 'Received' },
  ],
  [
    { path: '/withdraw', label: 'Withdraw' },
    { path: '/withdraw-history', label: 'History' },
  ],
  [
    { path: '/convert', label: 'Convert' },
    { path: '/convert-history', label: 'History' },
  ],
  [
    { path: '/total-income', label: 'Total income' },
    { path: '/matching-bonus', label: 'Matching' },
    { path: '/referral-bonus', label: 'Referral' },
  ],
  [
    { path: '/purchase-package', label: 'Buy a package' },
    { path: '/repurchase', label: 'Repurchase' },
    { path: '/repurchase-history', label: 'History' },
  ],
  [
    { path: '/redeem-product', label: 'Redeem' },
    { path: '/redeem-history', label: 'History' },
  ],
  [
    { path: '/withdraw-approval', label: 'To approve' },
    { path: '/withdraw-approval-history', label: 'History' },
  ],
  [
    { path: '/redemption-approval', label: 'To approve' },
    { path: '/redemption-approval-history', label: 'History' },
  ],
];

/** The tab group a page belongs to, if any. */
export function tabGroupOf(path: string): readonly PageTab[] | undefined {
  return PAGE_TAB_GROUPS.find((group) => group.some((tab) => tab.path === path));
}
