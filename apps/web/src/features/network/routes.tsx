import { MEMBER, type AppRoute } from '../../shared/app-route';

/** The sponsor network, the binary tree and placement. Each page is loaded on its first visit. */
export const networkRoutes: AppRoute[] = [
  {
    path: '/referral-link',
    title: 'Referral Link',
    ...MEMBER,
    menu: { group: 'network', label: 'Referral link', icon: 'ShareOutlined' },
    page: () => import('./ReferralLinkPage').then(({ ReferralLinkPage }) => <ReferralLinkPage />),
  },
  {
    path: '/sponsor-tree',
    title: 'Sponsor Network',
    ...MEMBER,
    menu: { group: 'network', label: 'Sponsor network', icon: 'AccountTreeOutlined' },
    page: () => import('./SponsorTreePage').then(({ SponsorTreePage }) => <SponsorTreePage />),
  },
  {
    path: '/member-network',
    title: 'Member Network',
    ...MEMBER,
    menu: { group: 'network', label: 'Member network', icon: 'HubOutlined' },
    page: () => import('./MemberNetworkPage').then(({ MemberNetworkPage }) => <MemberNetworkPage />),
  },
  {
    path: '/member-network2',
    title: 'Member Network 2',
    ...MEMBER,
    menu: { group: 'network', label: 'Member network 2', icon: 'TableRowsOutlined' },
    page: () => import('./DownlinePage').then(({ DownlinePage }) => <DownlinePage />),
  },
  {
    path: '/placement',
    title: 'Placement',
    ...MEMBER,
    menu: { group: 'network', label: 'Placement', icon: 'PersonAddAltOutlined' },
    page: () => import('./PlacementPage').then(({ PlacementPage }) => <PlacementPage />),
  },
];
