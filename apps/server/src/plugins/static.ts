import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { languageCode, type ApiError } from '@servicedesk/contracts';
import { mergedLocale } from '../modules/translations/translations.service';

const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

/**
 * The web side of the server:
 * - GET /assets/i18n/{lang}.json: the merged translation tree of az, en, ru or tr (SPEC §7), from
 *   @servicedesk/i18n's buildLocale with the admins' overrides written over it (modules/
 *   translations mergedLocale), ETag + no-cache; 404 JSON for any other language.
 * - The built web app from WEB_DIST, with a SPA fallback: a GET that accepts HTML and matches no
 *   file answers index.html, so client routes (/home/dashboard, /auth/login, …) load on refresh.
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
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return tree;
  });

  const root = app.deps.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      // Vite names built assets by content hash: cache them for good; index.html must revalidate.
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep) && /-[\w-]{6,}\.\w+$/.test(filePath);
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
