export { ToastRegion, type ToastRegionProps } from './Toast';
export {
  toast,
  DEFAULT_TOAST_TIMEOUT,
  type ShowToastOptions,
  type ToastContent,
  type ToastPlacement,
} from './toast-queue';
