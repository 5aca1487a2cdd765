export {
  RecordPage,
  RecordSection,
  type RecordField,
  type RecordPageProps,
  type RecordSectionProps,
} from './RecordPage';
