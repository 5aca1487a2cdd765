// Test workers get the same Node 20 polyfills as the main process (see tooling/node-polyfills.mjs).
import '../../../tooling/node-polyfills.mjs';
