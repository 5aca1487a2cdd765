/**
 * The Chromium every browser tool here uses: Debian's /usr/bin/chromium unless CHROMIUM_PATH
 * points elsewhere, with the flags that work as root in a closed network (TOOLCHAIN.md).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
