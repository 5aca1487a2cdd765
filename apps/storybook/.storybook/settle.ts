import type { Page, Request } from 'playwright';

/**
 * "Settled": the one state a story's screenshot (and its axe scan) should show, whatever the
 * machine's speed. Issue #21: a screenshot taken while react-aria's FocusScope was still moving
 * focus (it does so in a requestAnimationFrame after mount and after the focused element is
 * removed) showed a dialog's close button with its focus ring on one run and without it on the
 * next.
 *
 * A page is settled when, for `frames` consecutive animation frames AND at least `quietMs`
 * milliseconds, all of these hold:
 * - no request of the page is in flight (fetch/XHR answered by the MSW service worker included;
 *   event streams and web sockets are ignored, they never end);
 * - `document.fonts.status` is 'loaded' (after `document.fonts.ready`);
 * - every `<img>` is complete and decoded (lazy images outside the viewport excepted);
 * - no finite animation or transition is running (`document.getAnimations()`; infinite ones,
 *   such as spinners, are stopped by the screenshot's `animations: 'disabled'`);
 * - the focused element (through shadow roots) and whether it matches `:focus-visible` are the
 *   same in every frame, no focus/blur event fired;
 * - the DOM did not change (MutationObserver: nodes, attributes, text) and nothing scrolled.
 *
 * If that is not reached within `timeoutMs`, {@link waitForSettled} throws an error saying what
 * was still moving: a loud failure, never a screenshot of a state in between.
 */
export interface SettleOptions {
  /** Consecutive animation frames in which nothing may change. @default 5 */
  frames?: number;
  /** Minimum time in which nothing may change, in ms (frames can come faster than 60 Hz). @default 100 */
  quietMs?: number;
  /** Bound, in ms: past it the wait fails with what was still moving. @default 15000 */
  timeoutMs?: number;
}

export const SETTLE_DEFAULTS: Required<SettleOptions> = {
  frames: 5,
  quietMs: 100,
  timeoutMs: 15_000,
};

/** Request types that stay open for good (they would never let a page settle). */
const LONG_LIVED = new Set(['eventsource', 'websocket']);

interface RequestTracker {
  inFlight: Set<Request>;
  /** Bumped whenever a request starts or ends, to see that none came and went during a probe. */
  generation: number;
}

const trackers = new WeakMap<Page, RequestTracker>();

/**
 * Starts counting the page's requests in flight (idempotent). Call it before the story renders
 * (the runner does in preVisit) so no request is missed; {@link waitForSettled} calls it too.
 */
export function trackRequests(page: Page): RequestTracker {
  let tracker = trackers.get(page);
  if (tracker) return tracker;
  const t: RequestTracker = { inFlight: new Set(), generation: 0 };
  const done = (request: Request) => {
    if (t.inFlight.delete(request)) t.generation++;
  };
  page.on('request', (request) => {
    if (LONG_LIVED.has(request.resourceType())) return;
    t.inFlight.add(request);
    t.generation++;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A navigation abandons the previous document's requests without always reporting them.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const request of t.inFlight) if (request.frame() === frame) t.inFlight.delete(request);
  });
  trackers.set(page, t);
  tracker = t;
  return tracker;
}

/** What one in-page probe found: settled, or the last thing that moved. */
interface ProbeResult {
  settled: boolean;
  reason: string;
}

/**
 * Runs in the page: waits (up to budgetMs) until `frames` consecutive frames and `quietMs` pass
 * with nothing changing; returns what moved last otherwise. Self-contained (serialised by
 * page.evaluate).
 */
async function probeInPage(args: {
  frames: number;
  quietMs: number;
  budgetMs: number;
}): Promise<ProbeResult> {
  const { frames, quietMs, budgetMs } = args;
  const start = performance.now();
  const describe = (el: Element | null): string => {
    if (!el) return 'nothing';
    const id = el.id ? `#${el.id}` : '';
    const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${label ? ` "${label}"` : ''}>`;
  };
  const deepActive = (): Element | null => {
    let el: Element | null = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el;
  };
  const focusVisible = (el: Element | null) => {
    try {
      return Boolean(el?.matches(':focus-visible'));
    } catch {
      return false;
    }
  };
  // A frame, or the end of the budget if the page stops producing frames (never hang).
  const nextFrame = () =>
    new Promise<void>((r) => {
      requestAnimationFrame(() => r());
      setTimeout(r, Math.max(0, budgetMs - (performance.now() - start)));
    });

  let lastChange = performance.now();
  let changes = 0;
  let reason = 'not sampled yet';
  const changed = (why: string) => {
    lastChange = performance.now();
    changes++;
    reason = why;
  };

  const observer = new MutationObserver((records) => {
    const r = records[0];
    changed(
      `the DOM changed (${r?.type} on ${describe(r?.target instanceof Element ? r.target : (r?.target.parentElement ?? null))})`,
    );
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  const onFocus = (e: Event) =>
    changed(`focus moved (${e.type} on ${describe(e.target as Element)})`);
  const onScroll = (e: Event) =>
    changed(
      `${describe(e.target instanceof Element ? e.target : document.documentElement)} scrolled`,
    );
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('focusout', onFocus, true);
  document.addEventListener('scroll', onScroll, true);

  try {
    const pendingImages = () =>
      Array.from(document.images).filter((img) => !img.complete && img.loading !== 'lazy');
    // Fonts and images first: their loading is not a frame's work.
    await Promise.race([
      Promise.all([
        document.fonts.ready,
        ...Array.from(document.images)
          .filter((img) => img.loading !== 'lazy' || img.complete)
          .map((img) => img.decode().catch(() => undefined)),
      ]),
      new Promise((r) => setTimeout(r, budgetMs)),
    ]);

    let focused = deepActive();
    let visible = focusVisible(focused);
    let quietFrames = 0;
    let changesSeen = changes;
    while (performance.now() - start < budgetMs) {
      await nextFrame();
      const now = deepActive();
      const nowVisible = focusVisible(now);
      if (now !== focused || nowVisible !== visible) {
        changed(
          `focus moved from ${describe(focused)}${visible ? ' (focus-visible)' : ''} to ${describe(now)}${nowVisible ? ' (focus-visible)' : ''}`,
        );
        focused = now;
        visible = nowVisible;
      }
      if (document.fonts.status !== 'loaded') changed('fonts are still loading');
      const images = pendingImages();
      if (images.length > 0)
        changed(
          `${images.length} image(s) still loading, e.g. ${images[0]?.currentSrc || images[0]?.src}`,
        );
      const running = document.getAnimations().filter((a) => {
        if (a.playState !== 'running' && !a.pending) return false;
        const end = a.effect?.getComputedTiming().endTime;
        return typeof end === 'number' && Number.isFinite(end);
      });
      if (running.length > 0) {
        const a = running[0];
        const name =
          (a as Partial<CSSAnimation & CSSTransition>).animationName ??
          (a as Partial<CSSTransition>).transitionProperty ??
          a?.id;
        changed(`${running.length} animation(s) running, e.g. ${name || 'unnamed'}`);
      }
      quietFrames = changes === changesSeen ? quietFrames + 1 : 0;
      changesSeen = changes;
      if (quietFrames >= frames && performance.now() - lastChange >= quietMs)
        return { settled: true, reason: '' };
    }
    return { settled: false, reason };
  } finally {
    observer.disconnect();
    document.removeEventListener('focusin', onFocus, true);
    document.removeEventListener('focusout', onFocus, true);
    document.removeEventListener('scroll', onScroll, true);
  }
}

/**
 * Waits until the page is settled (see {@link SettleOptions}): no request in flight, fonts
 * loaded, images decoded, no finite animation running, focus and focus-visible unchanged, DOM
 * and scroll positions still, for `frames` frames and `quietMs` ms in a row.
 *
 * @throws Error `page did not settle within <timeoutMs> ms: <what moved last>` — the caller
 *   must fail (never take the screenshot anyway).
 */
export async function waitForSettled(page: Page, options: SettleOptions = {}): Promise<void> {
  const { frames, quietMs, timeoutMs } = { ...SETTLE_DEFAULTS, ...options };
  const tracker = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  let reason = 'not sampled yet';
  while (Date.now() < deadline) {
    if (tracker.inFlight.size > 0) {
      const urls = [...tracker.inFlight].map((r) => r.url()).slice(0, 3);
      reason = `${tracker.inFlight.size} request(s) in flight: ${urls.join(', ')}`;
      await new Promise<void>((resolve) => {
        const finish = () => {
          page.off('requestfinished', check);
          page.off('requestfailed', check);
          clearTimeout(timer);
          resolve();
        };
        function check() {
          if (tracker.inFlight.size === 0) finish();
        }
        // At the deadline, unconditionally (a timer may fire a millisecond early).
        const timer = setTimeout(finish, Math.max(0, deadline - Date.now()));
        page.on('requestfinished', check);
        page.on('requestfailed', check);
        check();
      });
      continue;
    }
    const generation = tracker.generation;
    const result = await page.evaluate(probeInPage, {
      frames,
      quietMs,
      budgetMs: Math.max(1, deadline - Date.now()),
    });
    if (!result.settled) {
      reason = result.reason;
      break;
    }
    // A request that started (and perhaps ended) during the probe restarts the wait.
    if (tracker.generation === generation && tracker.inFlight.size === 0) return;
    reason = 'a request started while waiting';
  }
  throw new Error(`page did not settle within ${timeoutMs} ms: ${reason}`);
}

/**
 * The screenshot of a settled page: waits for {@link waitForSettled}, then takes it with
 * animations disabled and the caret hidden. The only way the runner photographs a story.
 */
export async function settledScreenshot(page: Page, options: SettleOptions = {}): Promise<Buffer> {
  await waitForSettled(page, options);
  return page.screenshot({ animations: 'disabled', caret: 'hide' });
}
