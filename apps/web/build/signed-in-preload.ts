// By path, not by package name: Vite bundles the config's relative imports, but would hand `@portal/contract`
// (TypeScript source) to Node as it is.
import { SIGNED_IN_PRELOAD_FILE, type SignedInPreload } from '../../../packages/contract/src/web-build';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The signed-in route table (`src/app/signed-in-routes.tsx`) is a chunk the
 * entry imports on demand, out of the sign-in page. Any path but `/` and the
 * guest pages needs it before the router can match it: fetched only then, it
 * would add a round trip to every full load of a signed-in page. So the build
 * writes `dist/signed-in-preload.json` with the chunk's files, and the server
 * adds a modulepreload link for each to the HTML of every other path; the
 * browser then fetches them alongside the entry
 * (docs/decisions/0023-a-light-sign-in-page.md, step 6).
 */
export function signedInPreload(options: { module: RegExp; except: readonly string[] }): Plugin {
  let base = '/';
  return {
    name: 'signed-in-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // Before Vite's HTML plugin, which drops an entry chunk that only imports others (the HTML names those).
    generateBundle: {
      order: 'pre',
      handler(_output, bundle) {
        const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
        const table = chunks.find(
          (chunk) => chunk.facadeModuleId !== null && options.module.test(chunk.facadeModuleId),
        );
        if (!table) {
          this.error(`No chunk of its own for ${options.module}: the route table would load after the entry.`);
          return;
        }
        const loadedByHtml = new Set(
          chunks.filter((chunk) => chunk.isEntry).flatMap((entry) => staticClosure(entry, bundle)),
        );
        const preload: SignedInPreload = {
          modulepreload: staticClosure(table, bundle)
            .filter((fileName) => !loadedByHtml.has(fileName))
            .map((fileName) => base + fileName),
          except: ['/', ...options.except],
        };
        this.emitFile({
          type: 'asset',
          fileName: SIGNED_IN_PRELOAD_FILE,
          source: `${JSON.stringify(preload, null, 2)}\n`,
        });
      },
    },
  };
}

/** A chunk and every chunk it imports statically, directly or not. */
function staticClosure(chunk: OutputChunk, bundle: OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const file = bundle[fileName];
    if (file?.type === 'chunk') file.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...seen];
}
