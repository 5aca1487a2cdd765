export {
  LoadMore,
  Pagination,
  pageRange,
  type LoadMoreProps,
  type PaginationProps,
} from './Pagination';
