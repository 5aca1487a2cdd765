export {
  SelectSearch,
  SELECT_SEARCH_DELAY_MS,
  type SearchResult,
  type SelectSearchProps,
} from './SelectSearch';
