import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The answers that carry a secret the client did not send (tokens at sign-in, a two-factor secret and recovery
 * codes): never compressed, so their length says nothing of their content beside text an attacker chose
 * (the BREACH attack on compressed HTTPS answers).
 */
const CARRIES_SECRETS = /^\/api\/(auth|me\/2fa)(\/|$)/;

/**
 * Answers compressed for a client that asks (`Accept-Encoding`): JSON, CSV and other text above 1 KB, on the fly,
 * brotli at quality 4 (the plugin's default: its best, 11, costs far more CPU per answer than it saves) or gzip.
 * The web app's built files are compressed once at build (apps/web/build/precompress.ts) and sent as they are by
 * the static files' `preCompressed` (app.ts). Request bodies are never inflated (a compressed one fails as the
 * JSON it is not), so no small body unpacks past the body limit. Registered before the routes, which it hooks as
 * they are added. `threshold`: the smallest answer compressed, in bytes.
 */
export async function compressAnswers(app: FastifyInstance, threshold = 1024): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (CARRIES_SECRETS.test(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, { global: true, globalDecompression: false, threshold });
}
