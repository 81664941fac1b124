import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { filesUnder } from './files-under';

/** Text the browser downloads, worth compressing; fonts (woff2) and pictures are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Each built text file also as `.br` (brotli at its best, 11) and `.gz` (gzip 9) beside it, written once at build
 * so the server sends them as they are to a browser that asks (`preCompressed`, apps/api/src/app.ts) instead of
 * compressing every download; a copy not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        const gzip = gzipSync(bytes, { level: 9 });
        if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
