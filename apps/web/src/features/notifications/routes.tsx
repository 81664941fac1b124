import type { AppRoute } from '../../shared/app-route';
import { publicPage } from '../../shared/signed-in-page';

/** A mail's unsubscribe link: open to anyone, the link's signed token is the proof. */
export const notificationRoutes: AppRoute[] = [
  publicPage('/mail-unsubscribe', 'Unsubscribe', () =>
    import('./UnsubscribePage').then(({ UnsubscribePage }) => <UnsubscribePage />),
  ),
];
