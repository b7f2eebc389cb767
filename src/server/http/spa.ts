import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { languageFromHeader } from '../../../locales/index';
import { translate } from './i18n';
import { looksLikeApi } from './canonical-path';
import { markScopePublic } from './route-access';

/**
 * Headers that govern a document (or a worker) and nothing else: a script, a style sheet or a font
 * loaded by the page runs under the page's policy, framing and referrer rules, and HSTS is set by
 * the page itself. They are about 400 bytes of each response, and a first visit loads 40 to 90
 * such files (issue 41). Kept on them: `x-content-type-options`, `cross-origin-resource-policy` and
 * `referrer-policy` (a style sheet's own fetches follow it).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The file itself, sent as a script, a style sheet or a font: a built file removed since the server
 * started (a rebuild) still has its route, and is answered with the page (index.html), which keeps
 * every header.
 */
const isAssetAnswer = (status: number, type: unknown) =>
  (status === 200 || status === 304) &&
  /^(?:text\/css|(?:application|text)\/javascript|font\/woff2?)\b/.test(String(type ?? ''));

/**
 * A built script, style sheet or font: never a document, and never a worker (a worker runs under
 * its own response's policy: pdf.js's `.mjs` worker keeps every header).
 */
const isSubresource = (url: string) => /^\/assets\/[^/?]+\.(?:js|css|woff2?)(?:\?|$)/.test(url);

/**
 * A console page that works with another site: its form posts there, and that site's page may
 * frame it (an LTI platform's deep linking). The sites come from the request (none: this site only).
 */
export interface PageWithOrigins {
  path: string;
  origins: (request: FastifyRequest) => Promise<string[]>;
}

/**
 * Serves the built console; every path that is not a file and not under /api gets index.html
 * (single-page-app fallback). Unknown /api paths, in any letter case, get a JSON 404. A page that
 * works with another site is a route of its own: its policy lets its form post to that site
 * (`form-action`) and that site frame it (`frame-ancestors`, without `X-Frame-Options`); every
 * other page's forms stay on this site, and no site frames it.
 */
export async function installSpa(
  app: FastifyInstance,
  clientDir: string,
  pagesWithOrigins: readonly PageWithOrigins[] = [],
): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const sendIndex = async (reply: FastifyReply) => {
    if (!built)
      return reply
        .status(404)
        .type('text/plain')
        .send('The console is not built: run `npm run build` (npm start does it).');
    // Read per request, so a console rebuilt while the server runs is served at once.
    const html = await fs.promises.readFile(indexFile);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  await app.register(async (pages) => {
    markScopePublic(pages);
    for (const page of pagesWithOrigins)
      pages.get(page.path, { schema: { hide: true } }, async (request, reply) => {
        const origins = (await page.origins(request)).join(' ');
        if (origins) {
          const policy = String(reply.getHeader('content-security-policy') ?? '');
          if (!/form-action [^;]*/.test(policy) || !/frame-ancestors [^;]*/.test(policy))
            throw new Error('the policy names no form-action or frame-ancestors to widen');
          reply.header(
            'content-security-policy',
            policy
              .replace(/form-action [^;]*/, `form-action 'self' ${origins}`)
              .replace(/frame-ancestors [^;]*/, `frame-ancestors 'self' ${origins}`),
          );
          reply.removeHeader('x-frame-options');
        }
        return sendIndex(reply);
      });
  });
  if (built) {
    await app.register(async (files) => {
      markScopePublic(files);
      await files.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies (scripts/compress-assets.ts): sent when the browser accepts them.
        preCompressed: true,
        // The etag alone: a built file's name changes with its content, and 45 bytes a file count (issue 41).
        lastModified: false,
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
      files.addHook('onSend', async (request, reply) => {
        if (isSubresource(request.url) && isAssetAnswer(reply.statusCode, reply.getHeader('content-type')))
          for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const lang = request.lang ?? languageFromHeader(request.headers['accept-language']);
    if (looksLikeApi(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ message: translate(lang, 'errors.route_not_found') });
    }
    return sendIndex(reply);
  });
}
