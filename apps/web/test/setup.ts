// Test workers get the same Node 20 polyfills as the main process (Map.groupBy, Promise.withResolvers, Set methods).
import './node-polyfills.mjs';
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

