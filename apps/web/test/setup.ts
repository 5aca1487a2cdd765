// Test workers get the same Node 20 polyfills as the main process (Map.groupBy, Promise.withResolvers, Set methods).
import './node-polyfills.mjs';
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Whole-app tests wait for lazy routes and MSW answers; 1 s is tight on 2 busy cores.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

