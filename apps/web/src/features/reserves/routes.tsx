import type { AppRoute } from '../../shared/app-route';
import { publicPage } from '../../shared/signed-in-page';

/** The published proofs of reserves: open to anyone. The member's own check is on /wallet. */
export const reserveRoutes: AppRoute[] = [
  publicPage('/proof-of-reserves', 'Proof of Reserves', () =>
    import('./ProofOfReservesPage').then(({ ProofOfReservesPage }) => <ProofOfReservesPage />),
  ),
];
