import type { Sealer } from './secrets/sealer';
import type { Language } from '../../locales/index';
import type { Db, RunPrepared } from './db/database';
import type { ReportReads } from './db/read-replica';
import type { FileStore } from './storage';
import type { Config } from './config';
import type { Clock } from './clock';
import type { JobQueue } from './jobs';
import type { SessionCache } from './auth';
import type { AuthContext } from './http/auth-context';
import type { Access } from './http/route-access';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The hottest statements, prepared once per connection (see `RunPrepared`). */
    runPrepared: RunPrepared;
    /** Heavy reads (web reports, item analysis, report data): a caught-up replica, else the primary. */
    reportReads: ReportReads;
    /** Media, recordings, report PDFs and bundles: DATA_DIR, or the shared bucket (storage/). */
    fileStore: FileStore;
    config: Config;
    /** Seals and opens the stored secrets (second factors, SSO client secrets, the LTI key): src/server/secrets. */
    secrets: Sealer;
    clock: Clock;
    jobs: JobQueue;
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: every route must declare it, or the server refuses to start (auth/access.ts). */
    access?: Access;
    /** A public route that still wants `request.auth` when a session cookie comes with it. */
    session?: 'optional';
    /** A GET that changes data (the spec's duplicate): it gets the CSRF check of unsafe methods. */
    changesState?: boolean;
    /**
     * A form another site's page posts here on purpose (a SAML identity provider's answer): no CSRF
     * header nor same-origin check. Its own proof (a signed answer to a request of ours, handed to
     * the browser that started the sign-in) stands in for them.
     */
    crossSitePost?: boolean;
    /** A request of the attempt at exam `:id`: refused without SEB's Config Key hash when the exam asks for SEB (seb/seb-guard.ts). */
    safeExamBrowser?: boolean;
    /** Answers a signed-in user whose role requires a second factor they have not set up yet (auth/mfa). */
    mfaEnrolment?: boolean;
  }
}
