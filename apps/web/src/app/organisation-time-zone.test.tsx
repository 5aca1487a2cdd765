import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPath } from '@servicedesk/api/mock-utils';
import { DEFAULT_TIME_ZONE, formatDateTime, organisationTimeZone, setOrganisationTimeZone } from '@servicedesk/i18n';
import { mockServerForFile, renderApp, signIn } from '../../test/render-app';

const server = mockServerForFile();
afterEach(() => setOrganisationTimeZone(DEFAULT_TIME_ZONE));

describe('the organisation time zone on the web', () => {
  it('is learnt from the server once signed in, and instants are shown in it', async () => {
    signIn();
    server.use(http.get(apiPath('/global/organisation'), () => HttpResponse.json({ timeZone: 'Europe/Istanbul' })));
    expect(organisationTimeZone()).toBe('Asia/Baku');
    renderApp('/home/dashboard');
    await waitFor(() => expect(organisationTimeZone()).toBe('Europe/Istanbul'), { timeout: 20_000 });
    expect(formatDateTime('2026-11-30T20:00:00.000Z', 'az')).toBe('30.11.2026, 23:00');
  });
});
