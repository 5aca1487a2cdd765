import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settledScreenshot, trackRequests, waitForSettled } from '../.storybook/settle.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

/**
 * The runner's wait before a screenshot (issue #21), against fixture pages in the Debian
 * Chromium. The first test is the runner's guard: it fails if a screenshot can be taken while
 * focus is still moving (replace settledScreenshot's wait with nothing and it does).
 */

const ORIGIN = 'http://fixture.test';

/**
 * A dialog like react-aria's: on `window.open()` focus goes to "Add", leaves to <body> (the
 * focused element is removed, as after a form's Save) and is put on the close button by the
 * focus scope, each move a few animation frames after the previous one.
 */
const dialogPage = `<!doctype html><html><head><style>
  body { margin: 0; font: 16px sans-serif; }
  .dialog { margin: 40px; padding: 16px; width: 320px; border: 1px solid #888; }
  button { font: inherit; padding: 8px 12px; border: 1px solid #444; background: #fff; }
  button:focus-visible { outline: 4px solid #1d4ed8; outline-offset: 2px; }
</style></head><body>
  <div class="dialog" role="dialog" aria-label="Vendors">
    <button id="close" aria-label="Close">×</button>
    <p id="body">Vendors</p>
    <div id="form"><button id="save">Save</button></div>
    <button id="add">Add</button>
  </div>
  <script>
    const afterFrames = (n, fn) => (n === 0 ? fn() : requestAnimationFrame(() => afterFrames(n - 1, fn)));
    window.open = () => {
      // Eight moves over ~22 frames, never more than 3 frames apart.
      for (const [frame, id] of [[1, 'add'], [4, 'save'], [7, 'add'], [10, 'save'], [13, 'add'], [16, 'save']])
        afterFrames(frame, () => document.getElementById(id).focus());
      afterFrames(19, () => document.getElementById('form').remove());
      afterFrames(22, () => document.getElementById('close').focus());
    };
    window.moveForever = () => {
      let i = 0;
      const tick = () => { document.getElementById(i++ % 2 ? 'add' : 'close').focus(); requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    };
    window.load = () => fetch('/slow').then((r) => r.text()).then((t) => { document.getElementById('body').textContent = t; });
    window.fade = () => (window.fading = document.getElementById('body').animate({ opacity: [0, 1] }, { duration: 400 }));
  </script>
</body></html>`;

let browser: Browser;
let page: Page;
let release: (() => void) | undefined;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async (context) => {
  page = await browser.newPage({ viewport: { width: 400, height: 300 } });
  context.onTestFinished(() => page.close());
  await page.route(`${ORIGIN}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: dialogPage }),
  );
  await page.route(`${ORIGIN}/slow`, async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.fulfill({ contentType: 'text/plain', body: 'Kapital Tech MMC' });
  });
  // As the runner does in preVisit: count requests from before the page renders.
  trackRequests(page);
  await page.goto(`${ORIGIN}/`);
});

/** The settled state, reached by waiting for it explicitly: focus (visibly) on the close button. */
async function settledReference(): Promise<Buffer> {
  const reference = await browser.newPage({ viewport: { width: 400, height: 300 } });
  await reference.route(`${ORIGIN}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: dialogPage }),
  );
  await reference.goto(`${ORIGIN}/`);
  await reference.evaluate(() => {
    document.getElementById('form')?.remove();
    document.getElementById('close')?.focus();
  });
  const image = await reference.screenshot({ animations: 'disabled', caret: 'hide' });
  await reference.close();
  return image;
}

describe('settledScreenshot', () => {
  // Replace settledScreenshot's waitForSettled with nothing and this fails: the screenshot shows
  // a focus ring on "Add" or "Save", or none.
  it('photographs the state focus settles in, not a state while it is still moving', async () => {
    const reference = await settledReference();
    await page.evaluate(() => (window as unknown as { open: () => void }).open());
    const image = await settledScreenshot(page);
    expect(
      image.equals(reference),
      'the screenshot shows focus mid-move, not settled on the close button',
    ).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('close');
    expect(await page.evaluate(() => document.activeElement?.matches(':focus-visible'))).toBe(true);
  });

  it('is asked for while focus is still on its way (the fixture really moves focus late)', async () => {
    const focusedWhenAsked = await page.evaluate(() => {
      (window as unknown as { open: () => void }).open();
      return document.activeElement?.tagName;
    });
    expect(focusedWhenAsked).toBe('BODY');
    await waitForSettled(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('close');
  });
});

describe('waitForSettled', () => {
  it('fails loudly, naming focus, when focus never stops moving', async () => {
    await page.evaluate(() => (window as unknown as { moveForever: () => void }).moveForever());
    await expect(waitForSettled(page, { timeoutMs: 1_000 })).rejects.toThrow(
      /page did not settle within 1000 ms: .*focus/,
    );
  });

  it('waits for a request in flight and for what its answer renders', async () => {
    await page.evaluate(() => void (window as unknown as { load: () => Promise<void> }).load());
    await expect.poll(() => release).toBeDefined();
    await expect(waitForSettled(page, { timeoutMs: 1_000 })).rejects.toThrow(
      /request\(s\) in flight: http:\/\/fixture\.test\/slow/,
    );
    release?.();
    await waitForSettled(page);
    expect(await page.textContent('#body')).toBe('Kapital Tech MMC');
  });

  it('waits for a running animation to finish', async () => {
    await page.evaluate(() => void (window as unknown as { fade: () => void }).fade());
    await waitForSettled(page);
    const state = await page.evaluate(
      () => (window as unknown as { fading: Animation }).fading.playState,
    );
    expect(state).toBe('finished');
  });
});
