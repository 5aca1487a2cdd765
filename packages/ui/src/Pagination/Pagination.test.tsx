import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { LoadMore, Pagination, pageRange } from './Pagination';

function Pager({ count = 10 }: { count?: number }) {
  const [page, setPage] = useState(1);
  return (
    <Pagination
      page={page}
      pageCount={count}
      onPageChange={setPage}
      ariaLabel="Pages"
      previousLabel="Previous page"
      nextLabel="Next page"
      pageLabel={(n) => `Page ${n}`}
    />
  );
}

describe('Pagination', () => {
  it('has no accessibility violations', async () => {
    render(
      <>
        <Pager />
        <LoadMore
          shown={100}
          total={250}
          onLoadMore={() => {}}
          label="Load more"
          countText={({ shown, total }) => `${shown} of ${total}`}
        />
      </>,
    );
    await expectNoAxeViolations();
  });

  it('computes the visible pages with gaps', () => {
    expect(pageRange(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageRange(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageRange(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageRange(1, 1)).toEqual([1]);
  });

  it('moves between pages and disables the ends', async () => {
    const user = userEvent.setup();
    render(<Pager />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('renders nothing for a single page', () => {
    render(<Pager count={1} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('LoadMore', () => {
  it('shows n of total and loads more until all are shown', async () => {
    const onLoadMore = vi.fn();
    const props = {
      onLoadMore,
      label: 'Load more',
      countText: ({ shown, total }: { shown: number; total: number }) => `${shown} of ${total}`,
    };
    const { rerender } = render(<LoadMore shown={100} total={130} {...props} />);
    expect(screen.getByText('100 of 130')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore shown={100} total={130} isLoading loadingLabel="Loading" {...props} />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    // A press while loading asks for nothing more.
    await userEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore shown={130} total={130} {...props} />);
    expect(screen.getByText('130 of 130')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
