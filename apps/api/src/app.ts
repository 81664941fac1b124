import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { adminTwoFactorGate, authenticate, requireAdmin, requireMember } from './platform/http/guard';
import { accountRoutes, adminRoutes, guestRoutes, memberRoutes } from './routes';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandler,
  installNotFoundHandler,
  refuseBadQueryEncoding,
} from './shared/error-handler';
import { pageHtml } from './shared/page-html';
import { metricsOf } from './platform/metrics/registry';
import { sendSecurityHeaders } from './shared/security-headers';
import { compressAnswers } from './shared/compression';
import {
  inScope,
  openApiTransform,
  openApiTransformObject,
  refuseEmptyPatches,
  trackMethods,
} from './openapi/document';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildAppOptions {
  /** Serve the built web app at `/` (the default when it has been built). */
  serveWeb?: boolean;
  /** Where the built web app is (apps/web/dist; tests give a folder of their own). */
  webDist?: string;
  logger?: boolean | object;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Fastify's two lines per request only at LOG_LEVEL=debug or trace: at
    // the default level a request costs no logging (5xx errors are still
    // logged by the error handler). docs/decisions/0013b-quiet-hot-path.md
    logController: new LogController({ disableRequestLogging: ctx.log.level !== 'debug' && ctx.log.level !== 'trace' }),
    routerOptions: { maxParamLength: 200 },
    // The errors met before routing answer `{ message, code }` too (shared/error-handler.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  installErrorHandler(app);
  refuseBadQueryEncoding(app);
  // Requests counted and timed per route, for GET /api/metrics; no work at all while METRICS_TOKEN is unset (platform/metrics/http.ts).
  if (ctx.config.metricsToken) app.addHook('onResponse', metricsOf(ctx).onResponse);
  acceptEmptyJsonBodies(app);
  const allowedMethods = trackMethods(app);
  refuseEmptyPatches(app);

  sendSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });

  await compressAnswers(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Members portal API',
        version: '1.0.0',
        description: 'Amounts are decimal strings. Errors are `{ message, code, field? }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' } },
      },
    },
    // Security, operationId, error answers, CSV and 204 derived for every route (openapi/document.ts).
    transform: openApiTransform,
    transformObject: openApiTransformObject(ctx.config.publicUrl),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      api.addHook('onRoute', inScope('guest'));
      for (const [routes, prefix] of guestRoutes) await api.register(routes(ctx), { prefix });

      await api.register(async (signedIn) => {
        signedIn.addHook('onRoute', inScope('account'));
        signedIn.addHook('onRequest', authenticate(ctx));
        for (const routes of accountRoutes) await signedIn.register(routes(ctx));

        await signedIn.register(async (members) => {
          members.addHook('onRoute', inScope('member'));
          members.addHook('onRequest', requireMember);
          for (const routes of memberRoutes) await members.register(routes(ctx));
        });

        // The one guard for everything under /api/admin/.
        await signedIn.register(
          async (admin) => {
            admin.addHook('onRoute', inScope('admin'));
            admin.addHook('onRequest', requireAdmin);
            // Before each route's own preHandlers, as the gate was when routes added it by hand.
            admin.addHook('preHandler', adminTwoFactorGate(ctx));
            for (const routes of adminRoutes) await admin.register(routes(ctx));
          },
          { prefix: '/admin' },
        );
      });
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist ?? WEB_DIST;
  const serveWeb = (options.serveWeb ?? true) && existsSync(webDist);
  if (serveWeb) {
    // Built files as they are, or their brotli or gzip copy made at build for a browser that asks; hashed assets
    // never change, so browsers may keep them.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  installNotFoundHandler(app, { pageHtml: serveWeb ? pageHtml(webDist) : undefined, allowedMethods });
  return app;
}

/** The original client posts the login with a JSON content type and no body at all. */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
