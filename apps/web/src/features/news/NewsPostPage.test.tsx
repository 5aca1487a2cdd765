import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@servicedesk/ui/Toast';
import { apiPath } from '@servicedesk/api/handlers';
import { ApiRequestError } from '@servicedesk/api/errors';
import { createNewsHandlers } from '@servicedesk/api/news/news.handlers';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { refusalText } from '../shared/record/refusal';
import { NEWS_REFUSALS } from './NewsPostSections';

const server = mockServerForFile();

afterEach(() => vi.restoreAllMocks());

describe('news post comments', () => {
  it('explains a refused comment in the user\u2019s language (the server\u2019s code, not its English message or a bare "something went wrong")', async () => {
    // The refusal first: MSW tries the handlers of one use() call in order.
    server.use(
      http.post(apiPath('/news/1/comment'), () => HttpResponse.json({ code: 'commentTooShort', message: 'Comment too short (server text)', details: { min: 10 } }, { status: 422 })),
      ...createNewsHandlers(),
    );
    signIn();
    const show = vi.spyOn(toast, 'show');
    const user = userEvent.setup();
    renderApp('/home/news/1');
    await user.type(await screen.findByRole('textbox', { name: 'Comment (mention with @)' }), 'Qısa');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ title: 'The comment must be at least 10 characters long.', variant: 'error' }));
    expect(screen.getByRole('textbox', { name: 'Comment (mention with @)' })).toHaveValue('Qısa');
  });

  it('finds the same refusal in Azerbaijani, and a news code before the shared one', () => {
    const az = createI18n({ lng: 'az', resources: buildResources() });
    const refused = (code: string) => new ApiRequestError(422, { code, message: 'server text' });
    expect(refusalText(az.t, refused('commentTooShort'), NEWS_REFUSALS)).toBe('Şərh ən azı 10 simvol olmalıdır.');
    expect(refusalText(az.t, refused('notPublished'), NEWS_REFUSALS)).toBe(az.t('news.errors.notPublished'));
    expect(refusalText(az.t, refused('noSuchCodeAnywhere'), NEWS_REFUSALS)).toBe(az.t('error.generic'));
  });
});
