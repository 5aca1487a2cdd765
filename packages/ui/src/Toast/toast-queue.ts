import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

/** What a toast says; texts are already translated. */
export interface ToastContent {
  /** First line, bold. */
  title: string;
  /** Optional second line. */
  description?: string;
  /** Colour and icon: success ✓, error ⚠, info ℹ, warning ⚠. */
  variant: 'success' | 'error' | 'info' | 'warning';
}

export type ToastPlacement = 'top-right' | 'top-center';

export interface ShowToastOptions extends ToastContent {
  /** Milliseconds before it closes by itself; 0 keeps it until closed. Paused while hovered or focused. @default 3000 (SPEC §9) */
  timeout?: number;
  /** Where it appears. @default 'top-right' (SPEC §9) */
  placement?: ToastPlacement;
  /** Called once when it closes (by its button, by timeout or by toast.close). */
  onClose?: () => void;
}

/** SPEC §9: toasts last 3 s. */
export const DEFAULT_TOAST_TIMEOUT = 3000;

/** A queued toast: its content plus where it sits. */
export type QueuedToastContent = ToastContent & { placement: ToastPlacement };

/**
 * The one queue <ToastRegion> renders. Module-level so `toast.show` works anywhere. One region
 * (one landmark) holds every toast; each toast places itself right or centre.
 */
export const toastQueue = new ToastQueue<QueuedToastContent>({ maxVisibleToasts: 5 });

/**
 * Calls `listener` whenever the visible toasts change (one is shown, closed or times out); answers
 * the unsubscribe. With {@link hasVisibleToasts}, what an app needs to mount the region
 * (`@servicedesk/ui/Toast/region`) only once a toast is queued.
 */
export const subscribeToToasts = (listener: () => void): (() => void) => toastQueue.subscribe(listener);

/** True while at least one toast is queued for display. */
export const hasVisibleToasts = (): boolean => toastQueue.visibleToasts.length > 0;

/**
 * Imperative toast API. Needs one `<ToastRegion closeLabel=…/>` mounted in the app.
 *
 * ```ts
 * toast.show({ title: t('sessionHasExpired'), variant: 'warning' });
 * ```
 */
export const toast = {
  /** Shows a toast and returns its key (for `toast.close`). */
  show({
    timeout = DEFAULT_TOAST_TIMEOUT,
    placement = 'top-right',
    onClose,
    ...content
  }: ShowToastOptions): string {
    return toastQueue.add(
      { ...content, placement },
      { timeout: timeout > 0 ? timeout : undefined, onClose },
    );
  },
  /** Closes one toast by the key `show` returned; unknown keys are ignored. */
  close(key: string): void {
    toastQueue.close(key);
  },
  /** Removes every toast (e.g. on logout, or between tests). */
  clear(): void {
    toastQueue.clear();
  },
  /** Stops the timeouts of the visible toasts (as hovering does), e.g. while a test takes screenshots. */
  pauseAll(): void {
    toastQueue.pauseAll();
  },
  /** Restarts the timeouts `pauseAll` stopped. */
  resumeAll(): void {
    toastQueue.resumeAll();
  },
};
