import {
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as RACToastContent,
  UNSTABLE_ToastRegion as RACToastRegion,
} from 'react-aria-components';
import { Button } from '../Button';
import { Icon } from '../Icon';
import * as styles from './Toast.css';
import { toastQueue, type ToastContent } from './toast-queue';

export interface ToastRegionProps {
  /** Accessible name of each toast's ✕ button, e.g. "Close". */
  closeLabel: string;
  /** Accessible name of the landmark holding the toasts. @default "Notifications" (localized by react-aria) */
  regionLabel?: string;
}

const iconFor: Record<ToastContent['variant'], string> = {
  success: 'check',
  error: 'alert',
  info: 'info',
  warning: 'alert',
};

/**
 * Where toasts appear. Mount it once near the app root; show toasts with `toast.show(...)`.
 * SPEC §9: 3 s, top right, a close button, no progress bar. Toasts pause while hovered or
 * focused; F6 moves focus into the region (react-aria).
 */
export function ToastRegion({ closeLabel, regionLabel }: ToastRegionProps) {
  return (
    <RACToastRegion queue={toastQueue} aria-label={regionLabel} className={styles.region}>
      {({ toast }) => (
        <RACToast
          toast={toast}
          className={styles.toast({
            variant: toast.content.variant,
            placement: toast.content.placement,
          })}
          data-variant={toast.content.variant}
          data-placement={toast.content.placement}
        >
          <Icon
            name={iconFor[toast.content.variant]}
            className={styles.icon({ variant: toast.content.variant })}
          />
          <RACToastContent className={styles.content}>
            <Text slot="title" className={styles.title}>
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className={styles.description}>
                {toast.content.description}
              </Text>
            ) : null}
          </RACToastContent>
          <Button
            slot="close"
            variant="ghost"
            size="sm"
            aria-label={closeLabel}
            className={styles.close}
          >
            <Icon name="x" size="sm" />
          </Button>
        </RACToast>
      )}
    </RACToastRegion>
  );
}
