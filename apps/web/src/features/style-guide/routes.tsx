import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../shared/routing';

/**
 * The living style guide (the original's demo pages "typography, icons,
 * cards, tables, form-layouts", open without sign-in): the portal's theme and
 * its real components on sample data, in both themes. Not in the route table
 * (`app/routes.tsx`, signed-in or guest pages with a guard): these pages
 * have no guard, call no API and are not in the menu. `app/router.tsx` adds
 * them when one of their paths is asked for; each page, and the layout, is a
 * chunk of its own.
 */
export interface StyleGuidePage {
  path: string;
  title: string;
  /** The navigation's label. */
  label: string;
  page: () => Promise<ReactNode>;
}

export const STYLE_GUIDE_PAGES: StyleGuidePage[] = [
  {
    path: '/typography',
    title: 'Typography',
    label: 'Typography',
    page: () => import('./TypographyPage').then(({ TypographyPage }) => <TypographyPage />),
  },
  {
    path: '/icons',
    title: 'Icons',
    label: 'Icons',
    page: () => import('./IconsPage').then(({ IconsPage }) => <IconsPage />),
  },
  {
    path: '/cards',
    title: 'Cards',
    label: 'Cards',
    page: () => import('./CardsPage').then(({ CardsPage }) => <CardsPage />),
  },
  {
    path: '/tables',
    title: 'Tables',
    label: 'Tables',
    page: () => import('./TablesPage').then(({ TablesPage }) => <TablesPage />),
  },
  {
    path: '/form-layouts',
    title: 'Form Layouts',
    label: 'Form layouts',
    page: () => import('./FormLayoutsPage').then(({ FormLayoutsPage }) => <FormLayoutsPage />),
  },
];

export const STYLE_GUIDE_LAYOUT_ID = 'style-guide';

export function styleGuideRoutes(): RouteObject[] {
  return [
    {
      id: STYLE_GUIDE_LAYOUT_ID,
      lazy: async () => ({ Component: (await import('./StyleGuideLayout')).StyleGuideLayout }),
      children: STYLE_GUIDE_PAGES.map((entry) => ({
        path: entry.path,
        caseSensitive: true,
        handle: { title: `${entry.title} · Style guide` } satisfies RouteHandle,
        lazy: async () => ({ element: await entry.page() }),
      })),
    },
  ];
}
