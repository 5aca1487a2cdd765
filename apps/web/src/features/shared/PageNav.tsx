import { useTranslation } from 'react-i18next';
import { Pagination } from '@servicedesk/ui/Pagination';

/**
 * The page navigation of a paged list in the app's words (common `pagination.*`): previous,
 * numbered pages with gaps, next — each button named for a screen reader. `page` is 1-based; with
 * `pageCount` ≤ 1 nothing is shown.
 */
export function PageNav({ page, pageCount, onPageChange }: { page: number; pageCount: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      onPageChange={onPageChange}
      ariaLabel={t('pagination.pages')}
      previousLabel={t('pagination.previous')}
      nextLabel={t('pagination.next')}
      pageLabel={(n) => t('pagination.page', { page: n })}
    />
  );
}
