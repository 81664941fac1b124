import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SIGNED_IN_PRELOAD_FILE, type SignedInPreload } from '@portal/contract';

function isSignedInPreload(value: unknown): value is SignedInPreload {
  const v = value as SignedInPreload | null;
  const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return !!v && typeof v === 'object' && strings(v.modulepreload) && strings(v.except);
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The HTML of a page path: the built index.html, and on any path but `/` and
 * the guest pages a modulepreload link for each chunk of the signed-in route
 * table. The sign-in page leaves that table out (the entry only matches the
 * guest pages); every other path needs it before the router can match, so the
 * browser fetches it alongside the entry instead of after it
 * (docs/decisions/0023-a-light-sign-in-page.md, step 6). Both files are read
 * at each request, as `sendFile` did, so a new build is served at once. A
 * build without the list is served as it is.
 */
export function pageHtml(webDist: string): (path: string) => Promise<string> {
  return async (path) => {
    const html = await readFile(join(webDist, 'index.html'), 'utf8');
    const preload = await readPreload(webDist);
    // React Router ignores a trailing slash: /login/ is the sign-in page.
    const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (!preload || preload.except.includes(page)) return html;
    const links = preload.modulepreload
      .map((href) => escapeAttribute(href))
      .filter((href) => !html.includes(`"${href}"`)) // the HTML's own scripts and preloads
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
    return html.replace('</head>', `${links.join('\n')}\n</head>`);
  };
}

async function readPreload(webDist: string): Promise<SignedInPreload | null> {
  let text: string;
  try {
    text = await readFile(join(webDist, SIGNED_IN_PRELOAD_FILE), 'utf8');
  } catch {
    return null;
  }
  const value: unknown = JSON.parse(text);
  if (!isSignedInPreload(value))
    throw new Error(`${SIGNED_IN_PRELOAD_FILE} of the web build is not what the server expects.`);
  return value;
}
