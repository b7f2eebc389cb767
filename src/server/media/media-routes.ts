import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ROLES } from '../../common/permissions';
import { AppError, forbidden, invalid, notFound } from '../http/app-error';
import { requirePermission } from '../http/route-access';
import { ANSWER_UPLOADERS, CONTENT_UPLOADERS, mayRead, mayUpload, purposeOf, studentMayRead } from './media-access';
import { assertWithinQuota } from './media-quota';
import { translate } from '../http/i18n';
import { detectMedia, MAX_UPLOAD_BYTES, SIZE_LIMITS } from './media-types';
import type { MediaStorage } from './media-storage';

/**
 * A label groups uploads (e.g. `exams/questions/12/audio_responses`): slash-separated plain
 * segments. Anything that looks like a path escape (.., a leading slash, backslashes) is refused;
 * labels are metadata and never become a file path.
 */
const LABEL = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_{}-]+)*$/;

/** The user's file name, kept only as download metadata: no separators, quotes or control characters. */
const cleanOriginalName = (name: string) =>
  [...name]
    .map((ch) => (ch.charCodeAt(0) < 32 || '\\/"'.includes(ch) ? '_' : ch))
    .join('')
    .slice(0, 255) || 'file';

/** Uploads checked by content, stored under random names, served back with a strict type (SPEC section 7, Media). */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, { storage }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024 } });

  app.post(
    '/upload-media',
    {
      config: { access: requirePermission(...CONTENT_UPLOADERS, ...ANSWER_UPLOADERS) },
      schema: {
        tags: ['media'],
        summary:
          'Upload a file (multipart: file, label). Images png/jpeg/gif/webp up to 5 MB; audio wav/mp3/webm up to 20 MB; documents pdf/doc/docx up to 10 MB. The type is read from the content.',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw invalid({ file: ['media.file_required'] });
      const { label, file } = await readUpload(request);
      const errors: Record<string, string[]> = {};
      if (!file || file.content.length === 0) errors.file = ['media.file_required'];
      if (!label) errors.label = ['media.label_required'];
      else if (label.length > 200 || !LABEL.test(label)) errors.label = ['media.label_invalid'];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      if (!mayUpload(request.auth!, purposeOf(label!))) throw forbidden();

      const type = await detectMedia(file!.content);
      if (!type) throw invalid({ file: ['media.type_not_allowed'] });
      if (file!.truncated || file!.content.length > SIZE_LIMITS[type.kind])
        throw invalid({ file: ['media.too_large'] });

      await assertWithinQuota(app.db, request.auth!.user.id, file!.content.length, app.config.mediaDailyQuotaMb);

      const fileName = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await storage.put(fileName, file!.content);
      await app.db
        .insertInto('media')
        .values({
          file_name: fileName,
          original_name: cleanOriginalName(file!.name),
          label: label!,
          kind: type.kind,
          mime: type.mime,
          size: file!.content.length,
          owner_id: request.auth!.user.id,
        })
        .execute();
      const previewUrl = `/api/media/${fileName}`;
      return reply.status(201).send({
        status: 'success',
        message: translate(request.lang, 'media.uploaded'),
        data: {
          success: true,
          file_name: fileName,
          relative_path: `media/${fileName}`,
          label,
          preview_url: previewUrl,
          kind: type.kind,
          mime: type.mime,
        },
      });
    },
  );

  app.get(
    '/media/:fileName',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['media'],
        summary:
          'Download an uploaded file; documents come as attachments. Its owner, staff who see the bank or exams (content), or correctors (spoken answers); anyone else gets 404.',
        params: z.object({ fileName: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const row = await app.db
        .selectFrom('media')
        .selectAll()
        .where('file_name', '=', request.params.fileName)
        .executeTakeFirst();
      if (
        !row ||
        !(mayRead(request.auth!, row) || (await studentMayRead(app.db, request.auth!.user.id, row, app.clock.now())))
      )
        throw notFound();
      const disposition = row.kind === 'document' ? 'attachment' : 'inline';
      reply
        .header('content-type', row.mime)
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .header(
          'content-disposition',
          `${disposition}; filename="${row.file_name}"; filename*=UTF-8''${encodeURIComponent(row.original_name)}`,
        );
      return reply.send(storage.read(row.file_name));
    },
  );

  app.delete(
    '/media/:fileName',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['media'],
        summary: 'Remove an upload (its owner, or an administrator)',
        params: z.object({ fileName: z.string().max(80) }),
      },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('media')
        .selectAll()
        .where('file_name', '=', request.params.fileName)
        .executeTakeFirst();
      if (
        !row ||
        !(mayRead(request.auth!, row) || (await studentMayRead(app.db, request.auth!.user.id, row, app.clock.now())))
      )
        throw notFound();
      const isAdmin = request.auth!.roles.some((r) => r.role === ROLES.admin);
      if (row.owner_id !== request.auth!.user.id && !isAdmin) throw forbidden();
      await app.db.deleteFrom('media').where('id', '=', row.id).execute();
      await storage.remove(row.file_name);
      return { data: { file_name: row.file_name } };
    },
  );
};

/**
 * Reads the multipart parts. A malformed body (no boundary, truncated, garbage) is the client's
 * mistake: 400, never a 500.
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ label?: string; file?: { content: Buffer; name: string; truncated: boolean } }> {
  let label: string | undefined;
  let file: { content: Buffer; name: string; truncated: boolean } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        file = { content, name: part.filename, truncated: part.file.truncated };
      } else if (part.fieldname === 'label') {
        label = String(part.value).trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ file: ['media.too_large'] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw invalid({ file: ['media.too_many_parts'] });
    throw new AppError(400, 'media.malformed_upload', undefined, { file: ['media.malformed_upload'] });
  }
  return { label, file };
}
