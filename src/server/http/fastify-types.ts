import type { Language } from '../../../locales/index';
import type { Db } from '../db/database';
import type { Config } from '../config';
import type { AuthContext } from '../auth/auth-context';
import type { Access } from '../auth/access';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
  interface FastifyRequest {
    lang: Language;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: every /api route must declare it (see auth/access.ts). */
    access?: Access;
  }
}
