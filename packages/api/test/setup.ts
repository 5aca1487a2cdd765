// Test workers get the same Node 20 polyfills as the main process (see tooling/node-polyfills.mjs).
import '../../../tooling/node-polyfills.mjs';
import { configure } from '@testing-library/react';

// findBy/waitFor wait for a state; this is only their ceiling. Testing Library's 1 s was passed on
// two cores under a load of 20 (the menu's answer and render, hooks.test.tsx); a right test still
// ends as soon as its state appears.
configure({ asyncUtilTimeout: 15_000 });
