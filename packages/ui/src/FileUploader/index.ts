export {
  FileUploader,
  checkSelection,
  DEFAULT_MAX_TOTAL_BYTES,
  type FileSizeErrorInfo,
  type FileTypeErrorInfo,
  type FileUploaderProps,
} from './FileUploader';
