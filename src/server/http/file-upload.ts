import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './app-error';

export interface UploadMessages {
  tooLarge: string;
  empty: string;
}

/**
 * Takes a multipart upload of one file and a few text fields (the route's multipart limits bound
 * both): the file's bytes and name, and each field's value. Limits broken and malformed bodies
 * are 422 and 400 on `file`, with the caller's catalog keys.
 */
export async function takeUpload(
  request: FastifyRequest,
  messages: UploadMessages,
): Promise<{ bytes: Uint8Array; fileName: string; fields: Record<string, string> }> {
  let bytes: Uint8Array | undefined;
  let fileName = 'upload';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      fileName = part.filename || fileName;
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: [messages.tooLarge] });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw invalid({ file: ['media.too_many_parts'] });
    throw new AppError(400, 'media.malformed_upload', undefined, { file: ['media.malformed_upload'] });
  }
  if (!bytes || bytes.length === 0) throw invalid({ file: [messages.empty] });
  return { bytes, fileName, fields };
}
