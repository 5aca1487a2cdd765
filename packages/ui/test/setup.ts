import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../src/theme';

// findBy/waitFor wait for a state; this is only their ceiling (Testing Library's 1 s is passed by
// a popover's or a grid's render on two loaded cores). A right test ends as soon as its state appears.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
