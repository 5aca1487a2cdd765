import { lazy, Suspense, useState } from 'react';
import { Button } from '../Button';
import { Icon } from '../Icon';
import type { CodeDetector } from './detectors';

/** The texts of CameraScanButton, already translated. */
export interface CameraScanTexts {
  /** The button's accessible name (it shows only a camera icon), e.g. "Scan with the camera". */
  open: string;
  /** The dialog's title. */
  title: string;
  /** Under the picture while the camera looks: what to do ("Hold the label in the frame"). */
  hint: string;
  /** Said while the camera starts (and the browser may ask for permission). */
  starting: string;
  /** The button that closes the dialog without a code. */
  cancel: string;
  /** The camera permission was refused (in the browser's prompt or its settings). */
  denied: string;
  /** No camera on this device, or none given to this page (not opened over https). */
  noCamera: string;
  /** Anything else: the camera in use elsewhere, the reader failed to load. */
  failed: string;
}

export interface CameraScanButtonProps {
  /** The visible and announced texts. */
  texts: CameraScanTexts;
  /** Called once with the decoded text of the first code seen; the dialog then closes. */
  onScan: (text: string) => void;
  /** Whether the button is disabled. @default false */
  isDisabled?: boolean;
  /** The button's size, to match the field beside it. @default 'sm' */
  size?: 'sm' | 'md';
  /**
   * Makes the detector that reads the frames. Stories and tests pass a fake.
   * @default the browser's BarcodeDetector where present, else ZXing loaded on first use
   */
  createDetector?: () => Promise<CodeDetector>;
  /**
   * Opens the camera. Stories and tests pass a fake stream (or a refusal).
   * @default getUserMedia with the back camera preferred
   */
  openCamera?: () => Promise<MediaStream>;
}

/** The dialog, its camera handling and the reader load when the button is first pressed: a page showing the button pays for the button only. */
const CameraScanDialog = lazy(() => import('./CameraScanDialog').then((m) => ({ default: m.CameraScanDialog })));

/**
 * A camera button to put beside a scan field (issue #40: a phone camera reads a unit's barcode or
 * QR code): it opens a dialog with the camera's picture, reads each frame until a code is found,
 * stops the camera and hands the text to `onScan` — the caller fills its field with it as if it
 * had been typed. A refused permission, a missing camera or a failure is said in the dialog
 * (role=alert) with the caller's texts. The camera is stopped whenever the dialog closes. The
 * dialog's code loads on the first press; the reader (ZXing, where the browser has no
 * BarcodeDetector) when the dialog opens.
 */
export function CameraScanButton({ texts, onScan, isDisabled = false, size = 'sm', createDetector, openCamera }: CameraScanButtonProps) {
  const [isOpen, setOpen] = useState(false);
  // Mounted from the first press on, so the dialog can play its closing animation.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        aria-label={texts.open}
        isDisabled={isDisabled}
        onPress={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Icon name="camera" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <CameraScanDialog texts={texts} isOpen={isOpen} onOpenChange={setOpen} onScan={onScan} createDetector={createDetector} openCamera={openCamera} />
        </Suspense>
      ) : null}
    </>
  );
}
