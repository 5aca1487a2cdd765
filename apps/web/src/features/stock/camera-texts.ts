import type { TFunction } from 'i18next';
import type { CameraScanTexts } from '@servicedesk/ui/CameraScan';

/** The camera scan dialog's texts (stock.camera.*), for every scan field of the stock pages (issue #40). */
export const cameraTexts = (t: TFunction): CameraScanTexts => ({
  open: t('stock.camera.open'),
  title: t('stock.camera.title'),
  hint: t('stock.camera.hint'),
  starting: t('stock.camera.starting'),
  cancel: t('stock.camera.cancel'),
  denied: t('stock.camera.denied'),
  noCamera: t('stock.camera.noCamera'),
  failed: t('stock.camera.failed'),
});
