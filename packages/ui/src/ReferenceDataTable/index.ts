export {
  ReferenceDataTable,
  type ReferenceDataColumn,
  type ReferenceDataTableProps,
  type ReferenceDataTableTexts,
} from './ReferenceDataTable';
