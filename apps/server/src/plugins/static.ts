import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { languageCode, type ApiError } from '@servicedesk/contracts';
import { mergedLocale } from '../modules/translations/translations.service';
import { EncodedBody, sendEncoded } from '../lib/encoded-body';

const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

/**
 * A translation file's bodies per language, made once per ETag (a file is ~90 KB of JSON, ~20 KB as
 * Brotli; it changes only when an admin edits a text), compressed hard: it is sent to every visitor.
 */
const localeBodies = new Map<string, { etag: string; body: EncodedBody }>();

function localeBody(lang: string, etag: string, tree: unknown): EncodedBody {
  let entry = localeBodies.get(lang);
  if (entry?.etag !== etag) {
    entry = { etag, body: new EncodedBody(JSON.stringify(tree), { brQuality: 9, gzipLevel: 9, minBytes: 0 }) };
    localeBodies.set(lang, entry);
  }
  return entry.body;
}

/**
 * The web side of the server:
 * - GET /assets/i18n/{lang}.json: the merged translation tree of az, en, ru or tr (SPEC §7), from
 *   @servicedesk/i18n's buildLocale with the admins' overrides written over it (modules/
 *   translations mergedLocale), ETag + no-cache; Brotli or gzip when accepted (compressed once
 *   per ETag); 404 JSON for any other language.
 * - The built web app from WEB_DIST, with a SPA fallback: a GET that accepts HTML and matches no
 *   file answers index.html, so client routes (/home/dashboard, /auth/login, …) load on refresh.
 *   A file's `.br` / `.gz` sibling (written by the web build, apps/web/scripts/precompress.mjs) is
 *   sent instead when the browser accepts it (`Content-Encoding`, `Vary: accept-encoding`;
 *   issue #19: the JavaScript went over the wire uncompressed).
 * - Everything else unknown (every /api path included) answers 404 `{ message, code: 'notFound' }`.
 */
export async function registerStatic(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/assets/i18n/:file', async (request, reply) => {
    const match = /^([a-z]{2})\.json$/.exec(request.params.file);
    const lang = languageCode.safeParse(match?.[1]);
    if (!lang.success) {
      return reply.status(404).send({ message: 'No such language.', code: 'notFound' } satisfies ApiError);
    }
    // Revalidate on every load (no-cache + ETag): an admin's edit shows on the next reload, an
    // unchanged file costs a 304.
    const { tree, etag } = await mergedLocale(app.deps, lang.data);
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return sendEncoded(request, reply, localeBody(lang.data, etag, tree));
  });

  const root = app.deps.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // Vite names built assets by content hash: cache them for good; index.html must revalidate.
      // (A compressed sibling is named as its file plus .br / .gz.)
      setHeaders(reply, filePath) {
        const original = filePath.replace(/\.(?:br|gz)$/, '');
        const immutable = original.startsWith(path.join(root, 'assets') + path.sep) && /-[\w-]{6,}\.\w+$/.test(original);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist: root }, 'web app not built: only the API is served (run `npm run build -w @servicedesk/web`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && wantsHtml(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', root);
    }
    return reply.status(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}`, code: 'notFound' } satisfies ApiError);
  });
}
