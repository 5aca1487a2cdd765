import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LoadMore, Pagination, type PaginationProps } from './Pagination';

function PagerDemo(
  props: Omit<PaginationProps, 'page' | 'onPageChange'> & { initialPage?: number },
) {
  const [page, setPage] = useState(props.initialPage ?? 1);
  return <Pagination {...props} page={page} onPageChange={setPage} />;
}

const meta = {
  title: 'Kit/Pagination',
  component: PagerDemo,
  tags: ['autodocs'],
  args: {
    pageCount: 12,
    ariaLabel: 'Pages',
    previousLabel: 'Previous page',
    nextLabel: 'Next page',
    pageLabel: (n: number) => `Page ${n}`,
  },
} satisfies Meta<typeof PagerDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Page 12' }));
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

export const Middle: Story = {
  args: { initialPage: 6 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Page 6' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expect(canvas.getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const SinglePageShowsNothing: Story = {
  args: { pageCount: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).not.toBeInTheDocument();
  },
};

function LoadMoreDemo({ total, fail }: { total: number; fail?: boolean }) {
  const [shown, setShown] = useState(Math.min(100, total));
  const [loading, setLoading] = useState(false);
  return (
    <LoadMore
      shown={shown}
      total={total}
      isLoading={loading}
      loadingLabel="Loading…"
      label={fail ? 'Daha çox yüklə (növbəti 100 qeyd)' : 'Load more'}
      countText={({ shown: s, total: t }) =>
        fail ? `${t} qeyddən ${s} göstərilir` : `${s} of ${t}`
      }
      onLoadMore={() => {
        setLoading(true);
        setTimeout(() => {
          setShown((s) => Math.min(total, s + 100));
          setLoading(false);
        }, 300);
      }}
    />
  );
}

export const LoadMoreButton: Story = {
  render: () => <LoadMoreDemo total={230} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('100 of 230')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(canvas.getByText('200 of 230')).toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(canvas.getByText('230 of 230')).toBeInTheDocument());
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const LoadMoreEmpty: Story = {
  render: () => <LoadMoreDemo total={0} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('0 of 0')).toBeInTheDocument();
  },
};

export const LoadMoreLongAzerbaijaniText: Story = {
  render: () => <LoadMoreDemo total={1540} fail />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1540 qeyddən 100 göstərilir')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /^Daha çox yüklə/ }));
    await waitFor(() =>
      expect(canvas.getByText('1540 qeyddən 200 göstərilir')).toBeInTheDocument(),
    );
  },
};
