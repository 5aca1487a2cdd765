import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { Prompt, type PromptProps } from './Prompt';

/** Opens the prompt from a button, as a page does. */
function WithTrigger(props: PromptProps) {
  const [open, setOpen] = useState(props.isOpen);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Reject the request</Button>
      <Prompt
        {...props}
        isOpen={open}
        onOpenChange={(o) => {
          setOpen(o);
          props.onOpenChange(o);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Dialogs/Prompt',
  component: Prompt,
  tags: ['autodocs'],
  args: {
    title: 'Reason for rejection',
    label: 'Reason',
    message: 'The requester will see this text.',
    submitLabel: 'Send',
    cancelLabel: 'Cancel',
    minLengthMessage: 'Write at least 10 characters',
    isOpen: true,
    onOpenChange: fn(),
    onSubmit: fn(),
  },
  render: (args) => <WithTrigger {...args} />,
} satisfies Meta<typeof Prompt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args }) => {
    const box = await screen.findByRole('textbox', { name: /Reason/ });
    await userEvent.type(box, 'The budget is exhausted');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('The budget is exhausted');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Ends open with the error, for the runner's axe scan. */
export const TooShort: Story = {
  play: async ({ args }) => {
    const box = await screen.findByRole('textbox', { name: /Reason/ });
    await userEvent.type(box, 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(screen.getByText('Write at least 10 characters')).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
  },
};

export const CustomMinimum: Story = {
  args: { minLength: 3, minLengthMessage: 'Write at least 3 characters' },
  play: async ({ args }) => {
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Yes');
    await userEvent.keyboard('{Tab}{Tab}{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('Yes'));
  },
};

export const Pending: Story = {
  args: { onSubmit: fn(() => new Promise<void>(() => undefined)) },
  play: async () => {
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Reason/ }),
      'Long enough text',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    title: 'Müraciətin rədd edilməsinin səbəbini ətraflı şəkildə yazın',
    label: 'Səbəb',
    message: 'Пожалуйста, подробно опишите причину отклонения заявки — её увидит заявитель.',
    submitLabel: 'Göndər',
    cancelLabel: 'Ləğv et',
    minLengthMessage: 'Ən azı 10 simvol yazın',
  },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: /Müraciətin/ })).toBeVisible();
  },
};
