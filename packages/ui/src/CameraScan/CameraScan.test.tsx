import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { CameraScanButton, type CameraScanTexts } from './CameraScan';
import { cameraProblem, createDefaultDetector, type CodeDetector } from './detectors';

const texts: CameraScanTexts = {
  open: 'Scan with the camera',
  title: 'Scan a code',
  hint: 'Hold the label in the frame.',
  starting: 'Starting the camera…',
  cancel: 'Cancel',
  denied: 'The camera permission was refused.',
  noCamera: 'No camera here.',
  failed: 'The camera could not be started.',
};

/** A stream whose one track records that it was stopped. */
function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

/** A detector that sees nothing until `show(code)`, then that code on its next frame. */
function fakeDetector() {
  let code: string | null = null;
  const detector: CodeDetector = { detect: vi.fn(async () => (code ? [{ rawValue: code }] : [])) };
  return { detector, show: (c: string) => void (code = c) };
}

beforeEach(() => {
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CameraScanButton', () => {
  it('has no accessibility violations while it looks, hands the code it reads to onScan, closes and stops the camera', async () => {
    const user = userEvent.setup();
    const { stream, track } = fakeStream();
    const { detector, show } = fakeDetector();
    const onScan = vi.fn();
    render(<CameraScanButton texts={texts} onScan={onScan} openCamera={async () => stream} createDetector={async () => detector} />);
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a code' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Hold the label in the frame.'));
    await waitFor(() => expect(detector.detect).toHaveBeenCalled());
    await expectNoAxeViolations();
    expect(onScan).not.toHaveBeenCalled();
    show('  AST-000042 ');
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('AST-000042'));
    expect(onScan).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(track.stop).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Scan with the camera' })).toHaveFocus());
  });

  it('says a refused permission, and Cancel closes without a code', async () => {
    const user = userEvent.setup();
    const onScan = vi.fn();
    const createDetector = vi.fn(async () => fakeDetector().detector);
    render(
      <CameraScanButton texts={texts} onScan={onScan} openCamera={() => Promise.reject(new DOMException('denied', 'NotAllowedError'))} createDetector={createDetector} />,
    );
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera permission was refused.');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onScan).not.toHaveBeenCalled();
  });

  it('says when there is no camera, and when the reader fails to load (the camera then stopped)', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <CameraScanButton texts={texts} onScan={() => {}} openCamera={() => Promise.reject(new DOMException('none', 'NotFoundError'))} createDetector={async () => fakeDetector().detector} />,
    );
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera here.');
    unmount();

    const { stream, track } = fakeStream();
    render(<CameraScanButton texts={texts} onScan={() => {}} openCamera={async () => stream} createDetector={() => Promise.reject(new Error('chunk failed'))} />);
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera could not be started.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it('uses the browser\'s BarcodeDetector when it has one, with the formats it reads among ours', async () => {
    const made: { formats?: string[] }[] = [];
    class FakeBarcodeDetector {
      constructor(options: { formats?: string[] }) {
        made.push(options);
      }
      static getSupportedFormats = async () => ['qr_code', 'aztec', 'code_128'];
      detect = async () => [{ rawValue: 'SN-1' }];
    }
    vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
    const detector = await createDefaultDetector();
    expect(made).toEqual([{ formats: ['qr_code', 'code_128'] }]);
    expect(await detector.detect(document.createElement('video'))).toEqual([{ rawValue: 'SN-1' }]);
  });

  it('names getUserMedia\'s refusals: permission, no device, anything else', () => {
    expect(cameraProblem(new DOMException('', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('', 'SecurityError'))).toBe('denied');
    expect(cameraProblem(new DOMException('', 'NotFoundError'))).toBe('noCamera');
    expect(cameraProblem(new DOMException('', 'OverconstrainedError'))).toBe('noCamera');
    expect(cameraProblem(new DOMException('', 'NotReadableError'))).toBe('failed');
    expect(cameraProblem(new Error('x'))).toBe('failed');
  });
});
