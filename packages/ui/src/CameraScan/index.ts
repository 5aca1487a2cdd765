export { CameraScanButton, type CameraScanButtonProps, type CameraScanTexts } from './CameraScan';
export type { CodeDetector, DetectedCode } from './detectors';
