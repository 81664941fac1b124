/**
 * What the web build writes beside index.html for the server
 * (apps/web/build/signed-in-preload.ts writes it, apps/api/src/shared/page-html.ts
 * reads it): the files of the signed-in route table, which the server
 * preloads in the HTML of every page path but the ones listed
 * (docs/decisions/0023-a-light-sign-in-page.md, step 6).
 */
export const SIGNED_IN_PRELOAD_FILE = 'signed-in-preload.json';

export interface SignedInPreload {
  /** The signed-in route table's chunk and the chunks it imports that `index.html` does not load already. */
  modulepreload: string[];
  /** The page paths that do not need it: `/` and the guest pages. */
  except: string[];
}
