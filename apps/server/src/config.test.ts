import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('keeps data in ./data of the working directory by default, with PGlite', () => {
    const config = loadConfig({}, '/srv/repo');
    expect(config.dataDir).toBe('/srv/repo/data');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join('/srv/repo/data', 'db') });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', tokenTtlMinutes: 480, loginRateLimit: 10, ldapUrl: null, jwtSecret: null, redisUrl: null });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('resolves a relative DATA_DIR and WEB_DIST against the working directory and uses DATABASE_URL', () => {
    const config = loadConfig(
      { DATA_DIR: 'tmp/d', WEB_DIST: '../web/dist', DATABASE_URL: 'postgres://x@h/db', PORT: '9000', LOGIN_RATE_LIMIT: '3', LDAP_URL: 'ldap://dc' },
      '/srv/repo/apps/server',
    );
    expect(config.dataDir).toBe('/srv/repo/apps/server/tmp/d');
    expect(config.webDist).toBe('/srv/repo/apps/web/dist');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://x@h/db', pipelineLanes: 1 });
    expect(config).toMatchObject({ port: 9000, loginRateLimit: 3, ldapUrl: 'ldap://dc' });
  });

  it('refuses a PORT that is not a positive integer', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/')).toThrow(/PORT/);
  });

  it('keeps help-desk list pages 5 s unless told otherwise; 0 turns it off, a negative is refused', () => {
    expect(loadConfig({}, '/').helpdeskListCacheMs).toBe(5000);
    expect(loadConfig({ HELPDESK_LIST_CACHE_MS: '0' }, '/').helpdeskListCacheMs).toBe(0);
    expect(() => loadConfig({ HELPDESK_LIST_CACHE_MS: '-1' }, '/')).toThrow(/HELPDESK_LIST_CACHE_MS/);
    expect(() => loadConfig({ PORT: '0' }, '/')).toThrow(/PORT/);
  });

  it('pipelines plain SELECTs on 1 connection of PostgreSQL unless PG_PIPELINE_LANES says otherwise; 0 turns it off', () => {
    const lanes = (env: NodeJS.ProcessEnv) => {
      const { database } = loadConfig({ DATABASE_URL: 'postgres://x@h/db', ...env }, '/');
      return database.kind === 'postgres' ? database.pipelineLanes : undefined;
    };
    expect(lanes({})).toBe(1);
    expect(lanes({ PG_PIPELINE_LANES: '0' })).toBe(0);
    expect(lanes({ PG_PIPELINE_LANES: '4' })).toBe(4);
    expect(() => lanes({ PG_PIPELINE_LANES: '-1' })).toThrow(/PG_PIPELINE_LANES/);
    expect(() => lanes({ PG_PIPELINE_LANES: 'two' })).toThrow(/PG_PIPELINE_LANES/);
  });
});
