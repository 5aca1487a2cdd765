import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import '../src/theme';

// findBy/waitFor wait for a state; this is only their ceiling (Testing Library's 1 s is passed by
// a popover's or a grid's render on two loaded cores). A right test ends as soon as its state appears.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});

// The files of a run share one jsdom per worker (vitest.config.ts `isolate: false`): what a file
// left in the document outside Testing Library's roots (portals, react-aria's live announcer,
// elements a test appended) goes with the file, so the next file's axe checks see only its own.
afterAll(() => {
  document.body.replaceChildren();
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
});
