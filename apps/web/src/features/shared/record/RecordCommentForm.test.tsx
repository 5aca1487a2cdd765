import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@servicedesk/api/errors';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { toast } from '@servicedesk/ui/Toast';
import { RecordCommentForm, type RecordCommentInput } from './RecordCommentForm';

afterEach(() => vi.restoreAllMocks());

const users = [
  { id: 4, name: 'Tural İsmayıllı' },
  { id: 7, name: 'Leyla Məmmədova' },
];
const labels = { label: 'Add a comment', suggestions: 'People', send: 'Send', sent: 'Comment added' };

function renderForm(onSend: (input: RecordCommentInput) => Promise<unknown>) {
  const i18n = createI18n({ lng: 'en', resources: buildResources() });
  return render(
    <I18nextProvider i18n={i18n}>
      <RecordCommentForm users={users} labels={labels} onSend={onSend} isPending={false} />
    </I18nextProvider>,
  );
}

describe('RecordCommentForm', () => {
  it('sends the trimmed text with only the mentions still in it, then empties the box and says so', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toast, 'show');
    const onSend = vi.fn(async (_input: RecordCommentInput) => undefined);
    renderForm(onSend);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '  @Tur');
    await user.keyboard('{Enter}');
    await user.type(box, 'and @Ley');
    await user.keyboard('{Enter}');
    // Leyla's mention is deleted again: she is not notified.
    await user.type(box, '{Backspace}'.repeat('@Leyla Məmmədova '.length) + 'please check  ');
    await user.click(send);

    expect(onSend).toHaveBeenCalledWith({ text: '@Tural İsmayıllı and please check', mentionedUserIds: [4] });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue(''));
    expect(show).toHaveBeenCalledWith({ title: 'Comment added', variant: 'success' });
  });

  it('keeps what was typed and explains the refusal when the server refuses', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(toast, 'show');
    renderForm(async () => {
      throw new ApiRequestError(0, { code: 'network', message: 'offline' });
    });
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), 'Printer still jams');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(show).toHaveBeenCalledWith({ title: 'Could not reach the server. Check your connection.', variant: 'error' }));
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('Printer still jams');
  });
});
