import type { AppRoute } from '../../shared/app-route';
import { publicPage } from '../../shared/signed-in-page';

/** The glossary: open to anyone, in no menu; the help icons beside the portal's words link to its entries. */
export const glossaryRoutes: AppRoute[] = [
  publicPage('/glossary', 'Glossary', () => import('./GlossaryPage').then(({ GlossaryPage }) => <GlossaryPage />)),
];
