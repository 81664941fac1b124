import type { AppRoute } from '../../shared/app-route';
import { inMenu, memberPage } from '../../shared/signed-in-page';

/** The sponsor network, the binary tree and placement. Each page is loaded on its first visit. */
export const networkRoutes: AppRoute[] = [
  memberPage('/referral-link', 'Referral Link', inMenu('network', 'ShareOutlined'), () =>
    import('./ReferralLinkPage').then(({ ReferralLinkPage }) => <ReferralLinkPage />),
  ),
  memberPage('/sponsor-tree', 'Sponsor Network', inMenu('network', 'AccountTreeOutlined'), () =>
    import('./SponsorTreePage').then(({ SponsorTreePage }) => <SponsorTreePage />),
  ),
  memberPage('/member-network', 'Member Network', inMenu('network', 'HubOutlined'), () =>
    import('./MemberNetworkPage').then(({ MemberNetworkPage }) => <MemberNetworkPage />),
  ),
  memberPage('/member-network2', 'Member Network 2', () =>
    import('./DownlinePage').then(({ DownlinePage }) => <DownlinePage />),
  ),
  memberPage('/placement', 'Placement', () => import('./PlacementPage').then(({ PlacementPage }) => <PlacementPage />)),
];
