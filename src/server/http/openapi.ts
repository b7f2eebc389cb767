import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { MAX_PER_PAGE } from './pagination';
import { markScopeAccess } from './route-access';

/**
 * The OpenAPI reference generated from the route schemas: UI at /api/docs, JSON at /api/docs/json,
 * for signed-in users only (a map of every route is of no use to an anonymous visitor but to probe).
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Arabic Benchmark Assessment API',
        version: '0.1.0',
        description: [
          'JSON under /api with a cookie session. `Accept-Language: en|ar` picks the message language.',
          'State-changing requests must send `X-Requested-With: XMLHttpRequest` (CSRF defence).',
          `Lists take page, per_page (max ${MAX_PER_PAGE}), sort, order, search and return {data, meta}.`,
          'Errors: 400/422 {message, errors: {field: [message]}}, 401 not signed in, 403 permission missing,',
          '404, 409 conflict, 418 business rule {message}, 429 throttled.',
        ].join('\n'),
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'ltm_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    markScopeAccess(docs, 'authenticated');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
