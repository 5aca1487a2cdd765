import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import { API_DOCS_PREFIX, API_ERROR_SCHEMA } from './openapi';

/** The HTTP methods an OpenAPI path item holds operations under. */
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** A Fastify route pattern as an OpenAPI path: `/requests/:id` → `/requests/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Issue #19: GET /api/openapi.json is an OpenAPI 3.1 document (checked by a kept validator) that
 * lists every /api route the app registered (walked as route-permissions.test.ts does), each
 * with its permission, and the one error shape on its error statuses; /api/docs renders it
 * without reaching any other host.
 */
describe.each(backends)('the OpenAPI document on %s', (backend) => {
  let t: TestApp;
  let doc: OpenAPIV3_1.Document;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is served without a token and validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered /api route with its permission key', () => {
    const missing: string[] = [];
    const wrongPermission: string[] = [];
    for (const route of t.app.apiRoutes) {
      if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`)) continue;
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      for (const method of methods) {
        // Fastify registers a prefix's '/' route twice (`/api/admin/users` and `/api/admin/users/`).
        const item = doc.paths?.[openApiPath(route.url)] ?? doc.paths?.[`${openApiPath(route.url)}/`];
        const operation = item?.[method.toLowerCase() as (typeof METHODS)[number]] as
          | (OpenAPIV3_1.OperationObject & { 'x-permission'?: string })
          | undefined;
        if (!operation) missing.push(`${method} ${route.url}`);
        else if (operation['x-permission'] !== (route.public ? 'public' : route.permission)) {
          wrongPermission.push(`${method} ${route.url}: ${operation['x-permission']} ≠ ${route.public ? 'public' : route.permission}`);
        }
      }
    }
    expect(t.app.apiRoutes.length).toBeGreaterThan(80);
    expect(missing).toEqual([]);
    expect(wrongPermission).toEqual([]);
  });

  it('gives every operation a success answer and the error shape on each error status', () => {
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item?.[method];
        if (!operation) continue;
        const statuses = Object.keys(operation.responses ?? {});
        if (!statuses.some((s) => s.startsWith('2'))) wrong.push(`${method} ${path}: no 2xx`);
        const isPublic = (operation as { 'x-permission'?: string })['x-permission'] === 'public';
        for (const status of ['400', '500', ...(isPublic ? [] : ['401', '403'])]) {
          if (!statuses.includes(status)) wrong.push(`${method} ${path}: no ${status}`);
        }
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const response = operation.responses![status] as OpenAPIV3_1.ResponseObject;
          const schema = response.content?.['application/json']?.schema as { $ref?: string } | undefined;
          if (schema?.$ref !== `#/components/schemas/${API_ERROR_SCHEMA}`) wrong.push(`${method} ${path} ${status}: ${JSON.stringify(schema)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(doc.components?.schemas?.[API_ERROR_SCHEMA]).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' }, code: { type: 'string' } },
      required: ['message', 'code'],
    });
  });

  it('describes the uploads as multipart forms and the download as bytes', () => {
    const upload = doc.paths?.['/api/global/FileUploadGlobal']?.post;
    expect(upload?.requestBody).toMatchObject({
      content: { 'multipart/form-data': { schema: { properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } }, required: ['file', 'type'] } } },
    });
    const download = doc.paths?.['/api/global/FileServer/DownloadFile']?.post;
    expect(download?.responses?.['200']).toMatchObject({ content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } });
    expect(download?.requestBody).toMatchObject({ content: { 'application/json': { schema: { required: ['url'] } } } });
  });

  it('marks public calls as needing no token and the rest as bearer calls', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths?.['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths?.['/api/helpdesk/requests/grid']?.post?.security).toBeUndefined();
  });

  it('serves the reference page and its scripts from the server itself, under the SPA and the guard', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toContain('servicedesk-spa');
    // Every script and stylesheet it loads comes from this server (this network reaches no CDN).
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
      const res = await t.app.inject({ method: 'GET', url: new URL(asset, `http://x${API_DOCS_PREFIX}/`).pathname });
      expect(res.statusCode, asset).toBe(200);
    }
    const init = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/static/swagger-initializer.js` });
    // (a comment in it links stackoverflow; no string the script loads names another host)
    expect(init.body).not.toMatch(/['"`]https?:\/\//);
    const json = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
    expect(json.json()).toEqual(doc);
  });
});
