import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Stack } from '../Stack';
import { TextField } from '../TextField';
import { CameraScanButton, type CameraScanButtonProps, type CameraScanTexts } from './CameraScan';
import type { CodeDetector } from './detectors';

const texts: CameraScanTexts = {
  open: 'Scan with the camera',
  title: 'Scan a code',
  hint: 'Hold the label’s barcode or QR code in the frame.',
  starting: 'Starting the camera…',
  cancel: 'Cancel',
  denied: 'The camera permission was refused. Allow the camera for this site in the browser’s settings, or type the code.',
  noCamera: 'No camera is available here (a camera needs the site opened over https).',
  failed: 'The camera could not be started. Type the code instead.',
};

/**
 * A fake camera: a canvas painted by `paint`, captured as a real MediaStream (Chromium), repainted
 * every frame so the video keeps receiving frames, until its track is stopped.
 */
function paintedCamera(paint: (ctx: CanvasRenderingContext2D, width: number, height: number) => void): () => Promise<MediaStream> {
  return async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    const stream = canvas.captureStream();
    const [track] = stream.getVideoTracks();
    const frame = () => {
      if (track?.readyState === 'ended') return;
      paint(ctx, canvas.width, canvas.height);
      requestAnimationFrame(frame);
    };
    frame();
    return stream;
  };
}

/** A grey picture with a label-like box: what the camera sees before a code is in the frame. */
const shelf = paintedCamera((ctx, w, h) => {
  ctx.fillStyle = '#6b7280';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#f9fafb';
  ctx.fillRect(w / 4, h / 3, w / 2, h / 3);
});

/** A QR code of `text` drawn large on white, as a phone held over a label sees it. */
function qrCamera(text: string) {
  const hints = new Map([[EncodeHintType.MARGIN, 2]]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  return paintedCamera((ctx, w, h) => {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    const scale = Math.floor(Math.min(w, h) / matrix.getWidth());
    const left = (w - scale * matrix.getWidth()) / 2;
    const top = (h - scale * matrix.getHeight()) / 2;
    ctx.fillStyle = '#000';
    for (let y = 0; y < matrix.getHeight(); y++) for (let x = 0; x < matrix.getWidth(); x++) if (matrix.get(x, y)) ctx.fillRect(left + x * scale, top + y * scale, scale, scale);
  });
}

/** A detector that reads `code` from the first frame the video shows. */
const reads = (code: string) => async (): Promise<CodeDetector> => ({
  detect: async (video) => (video.readyState >= 2 ? [{ rawValue: code }] : []),
});
/** A detector that never finds anything (to look at the open viewfinder). */
const seesNothing = async (): Promise<CodeDetector> => ({ detect: async () => [] });
const refuse = (name: string) => () => Promise.reject(new DOMException(name, name));

/** The button beside a scan field, as the stock forms use it: the decoded text fills the field. */
function ScanFieldDemo(props: Partial<CameraScanButtonProps>) {
  const [value, setValue] = useState('');
  return (
    <Stack direction="row" gap="sm" align="end">
      <TextField label="Scan or type a unit" value={value} onChange={setValue} />
      <CameraScanButton texts={texts} onScan={setValue} {...props} />
    </Stack>
  );
}

const meta = {
  title: 'Fields/CameraScan',
  component: ScanFieldDemo,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof ScanFieldDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

async function openScanner(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: texts.open }));
  return screen.findByRole('dialog', { name: texts.title });
}

/** The camera sees a code (an injected detector): the dialog closes, the field holds the text as if typed. */
export const ReadsACode: Story = {
  args: { openCamera: shelf, createDetector: reads('AST-000042') },
  play: async ({ canvasElement }) => {
    await openScanner(canvasElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(canvasElement).getByRole('textbox', { name: 'Scan or type a unit' })).toHaveValue('AST-000042');
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: texts.open })).toHaveFocus());
  },
};

/**
 * The real reader: no detector injected, so the browser's BarcodeDetector or (Chromium on Linux
 * has none) ZXing, loaded when the dialog opens, decodes a QR code the fake camera shows.
 */
export const DecodesAQrCode: Story = {
  args: { openCamera: qrCamera('SNREV0001') },
  play: async ({ canvasElement }) => {
    await openScanner(canvasElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 30_000 });
    await expect(within(canvasElement).getByRole('textbox', { name: 'Scan or type a unit' })).toHaveValue('SNREV0001');
  },
};

/** The open viewfinder with the aiming hint (ends open, so axe scans the dialog in both themes). */
export const Looking: Story = {
  args: { openCamera: shelf, createDetector: seesNothing },
  // The picture is a live video: its frames are not the same from one screenshot to the next.
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const dialog = await openScanner(canvasElement);
    await expect(await within(dialog).findByText(texts.hint)).toBeVisible();
  },
};

/** The permission refused in the browser's prompt: said in the dialog; Cancel closes it. */
export const PermissionRefused: Story = {
  args: { openCamera: refuse('NotAllowedError'), createDetector: seesNothing },
  play: async ({ canvasElement }) => {
    const dialog = await openScanner(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(texts.denied);
    await userEvent.click(within(dialog).getByRole('button', { name: texts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(canvasElement).getByRole('textbox', { name: 'Scan or type a unit' })).toHaveValue('');
  },
};

/** No camera on the device (or a page not on https): said in the dialog, which stays open for axe. */
export const NoCamera: Story = {
  args: { openCamera: refuse('NotFoundError'), createDetector: seesNothing },
  play: async ({ canvasElement }) => {
    const dialog = await openScanner(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(texts.noCamera);
  },
};
