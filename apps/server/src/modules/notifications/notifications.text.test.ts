import { describe, expect, it } from 'vitest';
import { renderTranslation } from './notifications.text';

/** The server's text of a notification (mails, WhatsApp, the digest): the bell's words and dates. */
describe('a notification rendered on the server', () => {
  const params = { user: 'Rəşad <Əliyev>', from: '2026-12-01', to: '2026-12-05' };

  it('writes calendar-date parameters as days in the recipient’s language, never as ISO text', () => {
    const az = renderTranslation('az', 'notifications.approvals.delegationCreated', params);
    expect(az.text).toContain('01.12.2026');
    expect(az.text).toContain('05.12.2026');
    expect(az.text).not.toContain('2026-12-01');
    const en = renderTranslation('en', 'notifications.approvals.delegationCreated', params);
    expect(en.text).toContain('12/01/2026');
    expect(en.text).toMatch(/^Rəşad <Əliyev> named you their substitute/);
  });

  it('escapes parameter values in the HTML form and keeps them whole in the plain one', () => {
    const { html, text } = renderTranslation('en', 'notifications.approvals.delegationCreated', params);
    expect(html).toMatch(/Rəşad &(lt|#60);Əliyev&(gt|#62);/);
    expect(html).not.toContain('<Əliyev>');
    expect(text).toContain('Rəşad <Əliyev>');
  });

  it('answers the key itself for a key without a translation', () => {
    expect(renderTranslation('ru', 'notifications.noSuchKey', null)).toEqual({ html: 'notifications.noSuchKey', text: 'notifications.noSuchKey' });
  });
});
