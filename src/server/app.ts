import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { OffsetClock, systemClock, type Clock } from './clock';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { languageFromHeader } from '../../locales/index';
import './fastify-types';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { openReportReads } from './db/report-reads';
import { installAccessControl, type RegisteredRoute } from './auth/access';
import { installSessionLoader } from './auth/auth-hooks';
import { authRoutes } from './auth/routes';
import { mfaRoutes } from './auth/mfa';
import { samlRoutes, ssoProvidersRoutes, ssoRoutes } from './auth/sso';
import {
  accountLinkRoutes,
  DEEP_LINK_PAGE,
  deepLinkPageOrigins,
  deepLinkRoutes,
  defineLtiScoresJob,
  ltiRoutes,
} from './lti';
import { installCsrfGuard } from './http/csrf';
import { isCanonicalPath } from './http/canonical-path';
import { installInputGuards } from './http/input-guards';
import { installSecurityHeaders } from './http/security-headers';
import { lazyChildLogger } from './http/lazy-logger';
import { startSessionToucher } from './auth/session-touches';
import { translate } from './http/i18n';
import { AppError } from './http/app-error';
import { installErrorHandler } from './http/error-handler';
import { installOpenApi } from './http/openapi';
import { trustProxyOption } from './http/trust-proxy';
import { installSpa } from './http/spa';
import { demoRequestsRoutes } from './demo-requests/demo-requests-routes';
import { systemRoutes } from './system/system-routes';
import { installMetrics } from './metrics/metrics-routes';
import { loadSchemaRegistry } from './resources/load-schemas';
import { resourceRoutes } from './resources/resource-routes';
import { usersRoutes } from './users/users-routes';
import { rosterRoutes, studentsRoutes } from './roster';
import { profileRoutes } from './users/profile-routes';
import { rolesRoutes } from './users/roles-routes';
import { linkedSignInsRoutes } from './users/linked-sign-ins-routes';
import { mediaRoutes } from './media/media-routes';
import { questionsRoutes } from './questions/questions-routes';
import { interchangeRoutes } from './interchange';
import { examsRoutes } from './exams/exams-routes';
import { assignationRoutes, defineDeadlineJobs, startPresenceFlusher, studentRoutes } from './delivery';
import { correctionRoutes } from './correction';
import { anonymityLiftRoutes, examDayRoutes } from './exam-day';
import { createPdfPool } from './pdf';
import { reportsRoutes } from './reports';
import { schoolsRoutes } from './schools';
import { webReportsRoutes } from './web-reports';
import { itemAnalysisRoutes } from './item-analysis';
import { calibrationRoutes, simulationRoutes } from './scales';
import { createJobQueue, disabledJobQueue } from './jobs';
import { defineBackupJobs } from './backup';
import { defineRetentionJob, privacyRoutes } from './privacy';
import { benchBaselineRoutes } from './system/bench-baseline';
import { openSecrets } from './secrets/open-secrets';
import { testClockRoutes } from './system/test-clock-routes';
import { installSebGuard, sebRoutes } from './seb';
import { examQuestionsRoutes } from './exams/exam-questions-routes';
import { localizationsRoutes } from './exams/localizations-routes';
import { mediaStorage as createMediaStorage } from './media/media-storage';
import { openFileStore } from './storage';
import { auditLogRoutes } from './audit';
import { setReadLimits } from './untrusted/index';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: DestinationStream;
  /** The server's time (tests pass a ManualClock); defaults to the system's. */
  clock?: Clock;
}

export type App = FastifyInstance & { routeTable: RegisteredRoute[] };

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Paths and fields that must never reach a log line. */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.password_confirmation',
  '*.password_hash',
  '*.token',
];

/** Builds the whole server (API under /api, console elsewhere) without listening: tests use it directly. */
export async function buildApp({ config, database, logStream, clock: given }: BuildOptions): Promise<App> {
  // TEST_CLOCK=1 (never in production): a clock the end-to-end tests move over deadlines.
  const testClock = config.testClock && !given ? new OffsetClock() : null;
  const clock = given ?? testClock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
      ...(logStream ? { stream: logStream } : {}),
    },
    childLoggerFactory: lazyChildLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false, // genReqId reads and checks the incoming header itself
    // Errors of the router itself, before any hook: a target it cannot decode is, like any other
    // non-canonical path, not a route (404); anything else (a path parameter too long) is a bad request.
    frameworkErrors: (error, request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      const [status, key] =
        error.code === 'FST_ERR_BAD_URL' ? [404, 'errors.route_not_found'] : [400, 'errors.invalid_input'];
      void (reply as FastifyReply)
        .status(status)
        .header('cache-control', 'no-store')
        .send({ message: translate(lang, key) });
    },
    // A request the HTTP parser cannot read (a body longer than its Content-Length, a broken header)
    // still gets our {message} shape before the socket closes.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({ message: translate('en', 'errors.malformed_request') });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('runPrepared', database.runPrepared);
  app.decorate('reportReads', await openReportReads(config, database, app.log));
  app.addHook('onClose', () => app.reportReads.close());
  app.decorate('config', config);
  app.decorate('secrets', await openSecrets(config, database, app.log));
  setReadLimits(config.readLimits);
  app.decorate('fileStore', await openFileStore(config));
  app.decorate('clock', clock);
  app.decorate(
    'jobs',
    config.jobs.enabled
      ? createJobQueue({ executeSql: database.executeSql, pollSeconds: config.jobs.pollSeconds, log: app.log })
      : disabledJobQueue,
  );
  const deadlines = defineDeadlineJobs(app);
  defineBackupJobs(app, database.kind);
  defineRetentionJob(app);
  defineLtiScoresJob(app);
  // Report PDFs render in worker processes, started on the first report and stopped with the server.
  const pdf = createPdfPool();
  app.decorateRequest('lang', 'en');

  await app.register(cookie);
  installErrorHandler(app);
  installInputGuards(app);
  app.addHook('onRequest', (request, _reply, next) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
    next();
  });
  // Security headers first, so that every refusal below carries them too.
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.sentryDsn ? [new URL(config.sentryDsn).origin] : [])],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        // Plain-HTTP development and tests must not be pushed to https.
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    hsts: config.production,
  });
  const routeTable = installGuards(app, database);
  installMetrics(app, database);
  await app.register(rateLimit, { global: false });
  await installOpenApi(app);
  const mediaStorage = createMediaStorage(app.fileStore);

  await app.register(
    async (api) => {
      // API answers carry answer keys, emails and scores: no cache may keep them.
      api.addHook('onSend', (_request, reply, payload, next) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        next(null, payload);
      });
      // JSON answers of 1 kB or more go compressed (a list page of 29 kB became about 4 kB, issue 41),
      // at a quick level: a save's small answer is never touched, and PDFs, zips and recordings, already
      // compressed, are sent as they are.
      await api.register(compress, {
        // Answers only: request bodies are read as sent, never inflated.
        globalDecompression: false,
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 6 },
      });
      // Before the routes: a route whose config says `safeExamBrowser` gets the check.
      installSebGuard(api);
      await api.register(systemRoutes, { databaseKind: database.kind });
      await api.register(authRoutes);
      await api.register(mfaRoutes);
      await api.register(ssoRoutes);
      await api.register(samlRoutes);
      await api.register(ltiRoutes);
      await api.register(deepLinkRoutes);
      await api.register(accountLinkRoutes);
      await api.register(ssoProvidersRoutes);
      await api.register(demoRequestsRoutes);
      const registry = await loadSchemaRegistry();
      await api.register(resourceRoutes, { registry });
      await api.register(questionsRoutes, { registry });
      await api.register(interchangeRoutes, { registry, storage: mediaStorage });
      await api.register(examsRoutes, { registry });
      await api.register(examQuestionsRoutes, { registry });
      await api.register(localizationsRoutes);
      await api.register(assignationRoutes);
      await api.register(studentRoutes, { registry, deadlines });
      await api.register(sebRoutes);
      await api.register(examDayRoutes, { deadlines });
      // Beside exam day, not in it: lifting takes no side of the exam, whichever its lifter holds.
      await api.register(anonymityLiftRoutes);
      await api.register(correctionRoutes, { registry, storage: mediaStorage });
      await api.register(schoolsRoutes);
      await api.register(reportsRoutes, { pdf });
      await api.register(webReportsRoutes);
      await api.register(itemAnalysisRoutes);
      await api.register(calibrationRoutes);
      await api.register(simulationRoutes);
      await api.register(studentsRoutes, { registry });
      await api.register(privacyRoutes);
      await api.register(rosterRoutes, { pdf });
      await api.register(usersRoutes);
      await api.register(profileRoutes);
      await api.register(rolesRoutes);
      await api.register(linkedSignInsRoutes);
      await api.register(auditLogRoutes);
      if (config.benchBaselineRoute) await api.register(benchBaselineRoutes);
      if (testClock) await api.register(testClockRoutes, { clock: testClock });
      await api.register(mediaRoutes, { storage: mediaStorage });
    },
    { prefix: '/api' },
  );

  await installSpa(app, config.clientDir, [{ path: DEEP_LINK_PAGE, origins: deepLinkPageOrigins(app) }]);
  // The queue starts once every route has defined its jobs, and stops before the database closes.
  app.addHook('onReady', () => app.jobs.start());
  app.addHook('onClose', () => app.jobs.stop());
  app.addHook('onClose', () => pdf.close());
  // The exam-day monitor's presence notes, written in batches (and once more on close).
  const presence = startPresenceFlusher(database.db, app.log);
  app.addHook('onClose', () => presence.stop());
  // Sessions' last use, written in batches too (and once more on close).
  const touches = startSessionToucher(database.db, app.log);
  app.addHook('onClose', () => touches.stop());
  app.addHook('onSend', (request, reply, payload, next) => {
    reply.header('x-request-id', request.id);
    next(null, payload);
  });

  return Object.assign(app, { routeTable }) as unknown as App;
}

/**
 * Hook order matters: the canonical-path check, then CSRF, then the session, then the route's
 * access rule, all before the body is read and all decided by the matched route.
 */
function installGuards(app: FastifyInstance, database: DatabaseHandle): RegisteredRoute[] {
  app.addHook('onRequest', (request, _reply, next) => {
    if (!isCanonicalPath(request.raw.url ?? '')) throw new AppError(404, 'errors.route_not_found');
    next();
  });
  installCsrfGuard(app);
  installSessionLoader(app, database);
  return installAccessControl(app);
}
