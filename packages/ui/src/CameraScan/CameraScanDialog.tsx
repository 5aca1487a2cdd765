import { useEffect, useRef, useState } from 'react';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { cameraProblem, createDefaultDetector, openDefaultCamera, type CodeDetector } from './detectors';
import type { CameraScanTexts } from './CameraScan';
import * as styles from './CameraScan.css';

type ScanState = { kind: 'starting' } | { kind: 'looking' } | { kind: 'problem'; problem: 'denied' | 'noCamera' | 'failed' };

/** CameraScanButton's dialog (loaded on the button's first press): the viewfinder while open, Cancel to close. */
export function CameraScanDialog({
  texts,
  isOpen,
  onOpenChange,
  onScan,
  createDetector = createDefaultDetector,
  openCamera = openDefaultCamera,
}: {
  texts: CameraScanTexts;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onScan: (text: string) => void;
  createDetector?: () => Promise<CodeDetector>;
  openCamera?: () => Promise<MediaStream>;
}) {
  return (
    <Dialog
      title={texts.title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="sm"
      footer={
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {texts.cancel}
        </Button>
      }
    >
      {isOpen ? (
        <Viewfinder
          texts={texts}
          createDetector={createDetector}
          openCamera={openCamera}
          onFound={(text) => {
            onOpenChange(false);
            onScan(text);
          }}
        />
      ) : null}
    </Dialog>
  );
}

/** The dialog's body: starts the camera and the detector, reads frames, stops everything when unmounted. */
function Viewfinder({
  texts,
  createDetector,
  openCamera,
  onFound,
}: {
  texts: CameraScanTexts;
  createDetector: () => Promise<CodeDetector>;
  openCamera: () => Promise<MediaStream>;
  onFound: (text: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  // The camera and the detector of the first render are used (a caller's inline function must not
  // restart the camera on every render); a new onFound is read when a code arrives.
  const sources = useRef({ createDetector, openCamera });
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let frame: { id: number; video: boolean } | null = null;
    const element = video.current;
    const { createDetector: makeDetector, openCamera: open } = sources.current;
    const next = (read: () => void) => {
      if (stopped || !element) return;
      // A new video frame when the browser says so; elsewhere (and in jsdom) the next paint.
      if (typeof element.requestVideoFrameCallback === 'function') frame = { id: element.requestVideoFrameCallback(() => read()), video: true };
      else frame = { id: requestAnimationFrame(() => read()), video: false };
    };
    const release = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const start = async () => {
      let detector: CodeDetector;
      try {
        const camera = open();
        // The reader loads while the browser asks for the camera; a refusal is what the user hears first.
        const reader = makeDetector();
        reader.catch(() => undefined);
        stream = await camera;
        if (stopped) return release();
        detector = await reader;
      } catch (error) {
        if (!stopped) setState({ kind: 'problem', problem: stream ? 'failed' : cameraProblem(error) });
        return;
      }
      if (!element || stopped) return;
      element.srcObject = stream;
      // play() answers a promise in browsers (undefined in jsdom); a refused autoplay is not fatal: the video is muted.
      await Promise.resolve(element.play()).catch(() => undefined);
      if (stopped) return;
      setState({ kind: 'looking' });
      const read = async () => {
        if (stopped) return;
        const codes = await detector.detect(element).catch(() => []);
        const text = codes.map((c) => c.rawValue.trim()).find(Boolean);
        if (stopped) return;
        if (text) {
          stopped = true;
          found.current(text);
          return;
        }
        next(() => void read());
      };
      next(() => void read());
    };
    void start();
    return () => {
      stopped = true;
      if (frame !== null && element) {
        if (frame.video) element.cancelVideoFrameCallback(frame.id);
        else cancelAnimationFrame(frame.id);
      }
      release();
      if (element) element.srcObject = null;
    };
  }, []);

  const problem = state.kind === 'problem' ? texts[state.problem] : null;
  return (
    <div>
      {/* The picture only helps to aim; what matters is said in text below it. */}
      <video ref={video} className={styles.video} muted playsInline aria-hidden="true" hidden={problem !== null} />
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : (
        <p role="status" className={styles.message}>
          {state.kind === 'starting' ? texts.starting : texts.hint}
        </p>
      )}
    </div>
  );
}
