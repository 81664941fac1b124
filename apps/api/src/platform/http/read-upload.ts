import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../shared/errors';
import { imageTooLarge } from '../../shared/images';

/** The one uploaded file, whole; the size limit and the content type answered in our own words. */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'MULTIPART_REQUIRED',
      'Send the picture as multipart/form-data with a file field named "image".',
      'image',
    );
  }
  try {
    const file = await request.file();
    if (!file) throw badRequest('IMAGE_REQUIRED', 'Attach a picture in a file field named "image".', 'image');
    if (file.fieldname !== 'image')
      throw badRequest('IMAGE_REQUIRED', 'Attach the picture in a file field named "image".', 'image');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    // Everything else here comes from parsing the request's own body (no
    // boundary, a truncated part, a client gone): the client's fault.
    request.log.debug({ err: error }, 'unreadable multipart upload');
    throw badRequest(
      'UPLOAD_INVALID',
      'The upload could not be read: send one picture as multipart/form-data with a file field named "image".',
      'image',
    );
  }
}
