// The region is its own entry (`@servicedesk/ui/Toast/region`): an app can load it once a toast is
// queued, while `toast.show` — used everywhere — stays light.
export {
  toast,
  hasVisibleToasts,
  subscribeToToasts,
  DEFAULT_TOAST_TIMEOUT,
  type ShowToastOptions,
  type ToastContent,
  type ToastPlacement,
} from './toast-queue';
