export {
  FileList,
  extensionOf,
  fileTypeLabel,
  formatBytes,
  type FileListProps,
  type StoredFile,
} from './FileList';
