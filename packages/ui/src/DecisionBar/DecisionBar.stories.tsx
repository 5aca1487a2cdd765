import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DecisionBar } from './DecisionBar';
import { englishTexts } from './fixtures';

const meta = {
  title: 'Records/DecisionBar',
  component: DecisionBar,
  tags: ['autodocs'],
  args: {
    texts: englishTexts,
    minCommentLength: 10,
    onDecide: fn(async () => undefined),
  },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof DecisionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Approve needs no comment: one press sends it and the bar clears. */
export const Approve: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Comment' }), 'Fine by me');
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(args.onDecide).toHaveBeenCalledWith('approve', 'Fine by me'));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Comment' })).toHaveValue(''));
  },
};

/** Reject without a comment: the field turns invalid and takes the focus; typing and Ctrl+Enter sends the rejection. */
export const RejectNeedsComment: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }));
    const field = canvas.getByRole('textbox', { name: 'Comment' });
    await expect(field).toHaveFocus();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Write at least 10 characters')).toBeVisible();
    await expect(args.onDecide).not.toHaveBeenCalled();
    await userEvent.keyboard('Over the budget this year');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(args.onDecide).toHaveBeenCalledWith('reject', 'Over the budget this year'),
    );
  },
};

/** Escape drops the chosen return and its error. */
export const EscapeCancels: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Return to the author' }));
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'Comment' })).not.toHaveAttribute(
      'aria-invalid',
    );
  },
};

/** While the server decides, every control is off and the pressed button shows it is busy (ends busy). */
export const Busy: Story = {
  args: { onDecide: fn(() => new Promise<never>(() => undefined)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Approve/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('readonly');
  },
};

/** The server refuses (someone else decided first): its text shows under the buttons, the comment stays. */
export const ServerError: Story = {
  args: {
    onDecide: fn(async () => {
      throw new Error('Someone else has already decided this step.');
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Comment' });
    await userEvent.type(field, 'Wrong supplier chosen');
    await userEvent.click(canvas.getByRole('button', { name: 'Return to the author' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Someone else has already decided this step.',
    );
    await expect(field).toHaveValue('Wrong supplier chosen');
  },
};

/** Only the decisions this user may take, plus an override checkbox in its slot. */
export const WithOverride: Story = {
  args: {
    decisions: ['approve', 'reject'],
    override: (
      <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
        <input type="checkbox" /> Decide for the whole chain (administrator)
      </label>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Return to the author' })).toBeNull();
    const box = canvas.getByRole('checkbox', {
      name: 'Decide for the whole chain (administrator)',
    });
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};

/** Long Azerbaijani texts wrap; the required-comment message shows. */
export const LongAzerbaijaniText: Story = {
  args: {
    texts: {
      label: 'Sizin qərarınız',
      approve: 'Təsdiqləmək',
      reject: 'Rədd etmək',
      return: 'Müəllifə yenidən işlənmək üçün geri qaytarmaq',
      commentLabel: 'Şərh',
      commentHint:
        'Rədd etmək və ya geri qaytarmaq üçün ən azı 10 simvolluq şərh tələb olunur. Ctrl+Enter göndərir.',
      commentRequired: 'Ən azı 10 simvol yazın',
      cancel: 'İmtina',
    },
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Müəllifə yenidən işlənmək üçün geri qaytarmaq' }),
    );
    await expect(canvas.getByText('Ən azı 10 simvol yazın')).toBeVisible();
    const bar = canvas.getByRole('group', { name: 'Sizin qərarınız' });
    await expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
  },
};

/** Russian texts. */
export const LongRussianText: Story = {
  args: {
    texts: {
      label: 'Ваше решение',
      approve: 'Согласовать',
      reject: 'Отклонить',
      return: 'Вернуть автору на доработку',
      commentLabel: 'Комментарий',
      commentHint: 'Обязателен при отклонении или возврате, не менее 10 символов.',
      commentRequired: 'Напишите не менее 10 символов',
      cancel: 'Отмена',
    },
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('group', { name: 'Ваше решение' });
    await expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
  },
};
