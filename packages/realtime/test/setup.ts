// Test workers get the same Node 20 polyfills as the main process (see node-polyfills.mjs).
import './node-polyfills.mjs';
