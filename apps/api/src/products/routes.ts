import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, MAX_PRODUCT_IMAGE_BYTES } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { readUpload } from '../platform/http/read-upload';
import { sendList } from '../shared/list-reply';
import { readStoredImage, STORED_CONTENT_TYPES } from './images';
import { createProduct } from './create-product';
import { listProducts } from './list-products';
import { readProduct } from './read-product';
import { browseCatalogue } from './browse-catalogue';
import { setProductImage } from './set-product-image';
import { updateProduct } from './update-product';

/** `/api/media/products/<hash>.webp`: stored pictures, public (an <img> sends no token), never changing. */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      endpoints.products.picture,
      {
        config: { binaryResponse: STORED_CONTENT_TYPES },
      },
      async (request, reply) => {
        const { data, contentType } = await readStoredImage(ctx.config.mediaDir, request.params.file);
        return reply
          .type(contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .send(data);
      },
    );
  };
}

/** `/api/products`: the active catalogue, for members. */
export function productRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.products.list, {}, async (request, reply) =>
      sendList(reply, await browseCatalogue(ctx, request.query)),
    );
  };
}

/** `/api/admin/products`: the whole catalogue; create, edit, deactivate, picture (all audited). */
export function productAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this scope parses multipart bodies, and only one file of bounded size.
    await app.register(multipart, {
      limits: { fileSize: MAX_PRODUCT_IMAGE_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
    });

    route(app, endpoints.products.adminList, {}, async (request, reply) =>
      sendList(reply, await listProducts(ctx, request.query)),
    );

    route(app, endpoints.products.adminOne, {}, async (request) => readProduct(ctx, request.params.id));

    route(app, endpoints.products.adminCreate, {}, async (request, reply) =>
      reply.code(201).send(await createProduct(ctx, actorOf(request), request.body)),
    );

    route(app, endpoints.products.adminUpdate, {}, async (request) =>
      updateProduct(ctx, actorOf(request), request.params.id, request.body),
    );

    route(app, endpoints.products.adminSetImage, {}, async (request) =>
      setProductImage(ctx, actorOf(request), request.params.id, await readUpload(request)),
    );
  };
}
