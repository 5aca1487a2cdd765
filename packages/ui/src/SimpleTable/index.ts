/**
 * The plain `<table>` look of short lists (login history, organisation lists, reference data):
 * class names only, for `className`. ReferenceDataTable uses them; long or filterable lists use
 * DataTable instead.
 */
export {
  inactiveRow,
  muted,
  numeric,
  rowActions,
  table,
  tableWrap,
  td,
  th,
} from './SimpleTable.css';
