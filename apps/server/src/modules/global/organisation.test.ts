import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatDateTime, setOrganisationTimeZone } from '@servicedesk/i18n/format';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('the organisation time zone', () => {
  it('is Asia/Baku unless ORG_TIME_ZONE names another; an unknown zone stops the start', () => {
    expect(loadConfig({}, '/').organisationTimeZone).toBe('Asia/Baku');
    expect(loadConfig({ ORG_TIME_ZONE: 'Europe/Istanbul' }, '/').organisationTimeZone).toBe('Europe/Istanbul');
    expect(() => loadConfig({ ORG_TIME_ZONE: 'Mars/Olympus' }, '/')).toThrow(/ORG_TIME_ZONE/);
  });

  describe('configured', () => {
    let t: TestApp;
    let employee: string;
    beforeAll(async () => {
      t = await createTestApp('pglite', { organisationTimeZone: 'Europe/Istanbul' });
      employee = await t.login('employee@servicedesk.az');
    });
    afterAll(async () => {
      await t?.close();
      setOrganisationTimeZone(DEFAULT_TIME_ZONE);
    });

    it('is told to the signed-in web (GET /api/global/organisation) and used by the server\'s own formats (PDFs)', async () => {
      const res = await t.as(employee, { method: 'GET', url: '/api/global/organisation' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ timeZone: 'Europe/Istanbul' });
      expect(formatDateTime('2026-11-30T20:00:00.000Z', 'tr')).toBe('30.11.2026 23:00');
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/global/organisation' });
      expect(res.statusCode).toBe(401);
    });
  });
});
