import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  MAX_PRODUCT_IMAGE_BYTES,
  productAdminListQuerySchema,
  productCreateSchema,
  idParamSchema,
  productListQuerySchema,
  productPageSchema,
  productPatchSchema,
  productSchema,
  text,
} from '@portal/contract';
import type { AppContext } from '../context';
import { actorOf } from '../audit/service';
import { AppError, badRequest } from '../shared/errors';
import { sendList } from '../shared/list-reply';
import { imageTooLarge, readStoredImage, STORED_CONTENT_TYPES } from './images';
import { createProduct, listProducts, productById, productCatalogue, setProductImage, updateProduct } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** `/api/media/products/<hash>.webp`: stored pictures, public (an <img> sends no token), never changing. */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/media/products/:file', {
      config: { binaryResponse: STORED_CONTENT_TYPES },
      schema: { tags: ['products'], summary: 'A product picture by its content-hash name (cached for a year)', params: z.object({ file: text(undefined, { label: 'File' }).max(100) }) },
    }, async (request, reply) => {
      const { data, contentType } = await readStoredImage(ctx.config.mediaDir, request.params.file);
      return reply
        .type(contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(data);
    });
  };
}

/** `/api/products`: the active catalogue, for members. */
export function productRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/products', {
      schema: { tags: ['products'], summary: 'The active product catalogue (prices in points)', querystring: productListQuerySchema, response: { 200: productPageSchema, ...errors } },
    }, async (request, reply) => sendList(reply, await productCatalogue(ctx, request.query)));
  };
}

/** `/api/admin/products`: the whole catalogue; create, edit, deactivate, picture (all audited). */
export function productAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this scope parses multipart bodies, and only one file of bounded size.
    await app.register(multipart, { limits: { fileSize: MAX_PRODUCT_IMAGE_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 } });

    app.get('/products', {
      schema: { tags: ['admin'], summary: 'Every product, active or not (`format=csv` for the whole filtered list)', querystring: productAdminListQuerySchema, response: { 200: productPageSchema, ...errors } },
    }, async (request, reply) => sendList(reply, await listProducts(ctx, request.query)));

    app.get('/products/:id', {
      schema: { tags: ['admin'], summary: 'One product', params: idParamSchema, response: { 200: productSchema, ...errors } },
    }, async (request) => productById(ctx, request.params.id));

    app.post('/products', {
      schema: { tags: ['admin'], summary: 'Add a product (audited); the picture is uploaded separately', body: productCreateSchema, response: { 201: productSchema, ...errors } },
    }, async (request, reply) => reply.code(201).send(await createProduct(ctx, actorOf(request), request.body)));

    app.patch('/products/:id', {
      schema: {
        tags: ['admin'],
        summary: 'Change or deactivate a product (audited)',
        params: idParamSchema,
        body: productPatchSchema,
        response: { 200: productSchema, ...errors },
      },
    }, async (request) => updateProduct(ctx, actorOf(request), request.params.id, request.body));

    app.put('/products/:id/image', {
      schema: {
        tags: ['admin'],
        summary: `Upload the picture: multipart/form-data, one file field "image", JPEG, PNG or WebP up to ${MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024)} MB (audited)`,
        params: idParamSchema,
        consumes: ['multipart/form-data'],
        response: { 200: productSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema },
      },
    }, async (request) => setProductImage(ctx, actorOf(request), request.params.id, await readUpload(request)));
  };
}

/** The one uploaded file, whole; the size limit and the content type answered in our own words. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'MULTIPART_REQUIRED', 'Send the picture as multipart/form-data with a file field named "image".', 'image');
  }
  try {
    const file = await request.file();
    if (!file) throw badRequest('IMAGE_REQUIRED', 'Attach a picture in a file field named "image".', 'image');
    if (file.fieldname !== 'image') throw badRequest('IMAGE_REQUIRED', 'Attach the picture in a file field named "image".', 'image');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    // Everything else here comes from parsing the request's own body (no
    // boundary, a truncated part, a client gone): the client's fault.
    request.log.debug({ err: error }, 'unreadable multipart upload');
    throw badRequest('UPLOAD_INVALID', 'The upload could not be read: send one picture as multipart/form-data with a file field named "image".', 'image');
  }
}
