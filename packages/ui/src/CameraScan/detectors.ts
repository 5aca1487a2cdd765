/**
 * Code detectors for CameraScanButton: the browser's BarcodeDetector (Shape Detection API:
 * Chrome on Android, macOS, ChromeOS; Safari) where it exists, else ZXing (@zxing/browser),
 * loaded on first use only — a page that shows the button loads none of it until the camera
 * opens.
 */

/** One code found in a picture (the BarcodeDetector shape, reduced to what the field needs). */
export interface DetectedCode {
  /** The decoded text, e.g. an inventory number or a serial. */
  rawValue: string;
}

/** Finds codes in the current frame of a playing video; an empty list when there is none. */
export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}

/** The formats a keeper's labels use (our labels: Code 128 and QR; makers' serials: EAN, Code 39, Data Matrix). */
const FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'data_matrix'];

interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options?: { formats?: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own detector, when it has one that reads at least one of our formats. */
async function nativeDetector(): Promise<CodeDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
  const formats = FORMATS.filter((f) => supported.includes(f));
  if (formats.length === 0) return null;
  const detector = new Native({ formats });
  return { detect: (video) => detector.detect(video) };
}

/** ZXing's multi-format reader over a canvas the frame is drawn on (pure JavaScript, no download at run time). */
async function zxingDetector(): Promise<CodeDetector> {
  const [{ BrowserMultiFormatReader }, { NotFoundException, ChecksumException, FormatException }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const reader = new BrowserMultiFormatReader();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async detect(video) {
      if (!context || video.videoWidth === 0 || video.videoHeight === 0) return [];
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      try {
        return [{ rawValue: reader.decodeFromCanvas(canvas).getText() }];
      } catch (error) {
        // No code in this frame, or one half seen: the next frame tries again.
        if (error instanceof NotFoundException || error instanceof ChecksumException || error instanceof FormatException) return [];
        throw error;
      }
    },
  };
}

/** The default detector: the browser's BarcodeDetector where present, else ZXing loaded now. */
export async function createDefaultDetector(): Promise<CodeDetector> {
  return (await nativeDetector()) ?? zxingDetector();
}

/** The default camera: the back one on a phone (`facingMode: environment`), any on a computer. */
export function openDefaultCamera(): Promise<MediaStream> {
  if (!globalThis.navigator?.mediaDevices?.getUserMedia) {
    // No camera API: no camera, or a page not served over https (browsers give cameras to secure pages only).
    return Promise.reject(new DOMException('No camera API in this page', 'NotFoundError'));
  }
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}

/** Why the camera could not be used, from getUserMedia's error: refused, absent, or anything else. */
export function cameraProblem(error: unknown): 'denied' | 'noCamera' | 'failed' {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}
