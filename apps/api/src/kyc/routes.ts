import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, MAX_PRODUCT_IMAGE_BYTES } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf, principalOf } from '../platform/http/guard';
import { readUpload } from '../platform/http/read-upload';
import { sendList } from '../shared/list-reply';
import { decideIdentityReview } from './decide-identity-review';
import { listIdentityReviews } from './list-identity-reviews';
import { readIdentityStatus } from './read-identity-status';
import { uploadIdentityDocument } from './upload-identity-document';
import { viewIdentityDocument } from './view-identity-document';

/** `/api/identity`: the member's identity check and its uploads. */
export function identityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this scope parses multipart bodies, and only one file of bounded size.
    await app.register(multipart, {
      limits: { fileSize: MAX_PRODUCT_IMAGE_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
    });

    route(app, endpoints.identityChecks.status, {}, async (request) =>
      readIdentityStatus(ctx, principalOf(request).userId),
    );

    route(app, endpoints.identityChecks.upload, {}, async (request) =>
      uploadIdentityDocument(ctx, principalOf(request).userId, request.params.side, await readUpload(request)),
    );
  };
}

/** `/api/admin/identity-checks`: the review queue, the documents (each view audited), the decisions. */
export function identityAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.identityChecks.adminList, {}, async (request, reply) =>
      sendList(reply, await listIdentityReviews(ctx, request.query)),
    );

    route(
      app,
      endpoints.identityChecks.adminViewDocument,
      { config: { binaryResponse: ['image/webp'] } },
      async (request, reply) =>
        reply
          .type('image/webp')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .header('content-disposition', 'inline')
          .send(await viewIdentityDocument(ctx, actorOf(request), request.params.id)),
    );

    route(app, endpoints.identityChecks.adminDecide, {}, async (request) =>
      decideIdentityReview(ctx, actorOf(request), request.params.id, request.body),
    );
  };
}
