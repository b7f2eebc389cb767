import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { ROLES } from '../../common/permissions';
import { auditContext, recordAudit } from '../audit';
import { AppError, forbidden, notFound } from '../http/app-error';
import { requirePermission } from '../http/route-access';
import { translate } from '../http/i18n';
import { recordingInAnswer } from './answer-recordings';
import { ANSWER_UPLOADERS, CONTENT_UPLOADERS, mayRead, purposeOf, studentMayRead } from './media-access';
import { takeUpload } from './media-intake';
import type { MediaStorage } from './media-storage';
import { openedRead } from '../storage';
import { MAX_UPLOAD_BYTES } from './media-types';

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
          'Upload a file (multipart: file, label), streamed to storage. Images png/jpeg/gif/webp up to 5 MB; audio wav/mp3/webm up to 20 MB; documents pdf/doc/docx up to 10 MB. The type is read from the content. ' +
          "A spoken answer (label exams/questions/{id}/audio_responses) must be audio, for a spoken question of the uploader's own running attempt (422). " +
          'MEDIA_DAILY_QUOTA_MB per user in any 24 hours, reserved before the file is stored (429)',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const { file, label } = await takeUpload(request, {
        db: app.db,
        storage,
        auth: request.auth!,
        quotaMb: app.config.mediaDailyQuotaMb,
        now: app.clock.now(),
        graceSeconds: app.config.delivery.graceSeconds,
      });
      const previewUrl = `/api/media/${file.fileName}`;
      return reply.status(201).send({
        status: 'success',
        message: translate(request.lang, 'media.uploaded'),
        data: {
          success: true,
          file_name: file.fileName,
          relative_path: `media/${file.fileName}`,
          label,
          preview_url: previewUrl,
          kind: file.type.kind,
          mime: file.type.mime,
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
      // Begun before any header is set: a store out of reach is a 503 in our shape, never a 500.
      const content = await openedRead(storage.read(row.file_name));
      const disposition = row.kind === 'document' ? 'attachment' : 'inline';
      reply
        .header('content-type', row.mime)
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        // A student's spoken answer is never kept by a browser or proxy (a shared school computer
        // would play it to the next class); exam content may be kept a day by this browser alone.
        .header('cache-control', purposeOf(row.label) === 'answer' ? 'no-store' : 'private, max-age=86400')
        .header(
          'content-disposition',
          `${disposition}; filename="${row.file_name}"; filename*=UTF-8''${encodeURIComponent(row.original_name)}`,
        );
      return reply.send(content);
    },
  );

  app.delete(
    '/media/:fileName',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['media'],
        summary:
          'Remove an upload (its owner, or an administrator); 418 for a recording an answer names. Every removal is in the audit log',
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
      // A recording an answer names is what a corrector marks: it stays (the student records again instead).
      if (purposeOf(row.label) === 'answer' && (await recordingInAnswer(app.db, row)))
        throw new AppError(418, 'media.in_answer');
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('media').where('id', '=', row.id).execute();
        await recordAudit(trx, {
          ...auditContext(request),
          action: 'media.delete',
          target: `media/${row.file_name}`,
          summary: {
            label: row.label,
            kind: row.kind,
            mime: row.mime,
            size: row.size,
            owner_id: row.owner_id,
            original_name: row.original_name,
          },
        });
      });
      await storage.remove(row.file_name);
      return { data: { file_name: row.file_name } };
    },
  );
};
