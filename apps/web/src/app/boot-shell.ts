import { partOfDay, type PartOfDay } from '../features/dashboard/greeting';

/*
 * The boot shell (issue #19, "the first screen fast"; the app-shell pattern of SPEC §1's offline
 * helper): on a fresh load of a signed-in page the app's first paint used to wait for its ~250 KB of
 * JavaScript (on a slow phone link 3–3.5 s of a blank page). index.html now runs `showBootShell`
 * inline (scripts/route-preload.mjs bundles this file into it): with an unexpired stored session on a
 * route that has boot texts it draws, before any script has loaded, the frame the app will draw —
 * top bar, sidebar, the page's heading and lead in the stored language and theme — as a fixed layer
 * above #root. The app removes it (`dismissBootShell`, app-entry.tsx) once its first route has
 * rendered, so the real page replaces it where it stands. It is a picture only (aria-hidden, not
 * focusable): the app's own page is what assistive technology reads.
 *
 * This file is bundled on its own into an inline script: it may import only small, dependency-free
 * modules (the dashboard's `partOfDay`), and must not import React, i18next or CSS.
 */

/** The languages of the interface (packages/i18n `languageCodes`). */
type Lang = 'az' | 'en' | 'ru' | 'tr';

/** A text in each language; a heading that names the part of the day has one text per part (the dashboard's greeting). */
export type BootText = Record<Lang, string | Record<PartOfDay, string>>;

/** One route's boot texts: `pattern` is a RegExp source matched against `location.pathname`. */
export interface BootRoute {
  pattern: string;
  heading: BootText;
  lead?: BootText;
}

/** The element index.html draws and the app removes. */
export const BOOT_SHELL_ID = 'sd-boot';

/** How long the boot shell may stay if the app never takes over (its scripts failed to load), in ms. */
export const BOOT_SHELL_MAX_MS = 20_000;

interface BootEnvironment {
  document: Document;
  storage: Pick<Storage, 'getItem'>;
  /** ms since the epoch */
  now: number;
}

function textOf(text: BootText | undefined, lang: Lang, part: PartOfDay, name: string): string {
  if (!text) return '';
  const value = text[lang] ?? text.az;
  const chosen = typeof value === 'string' ? value : value[part];
  return chosen.replace(/\{\{\s*name\s*\}\}/g, name);
}

function element(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const node = doc.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

/**
 * Draws the boot shell into `document.body` (first child) for the route of `pathname` when a
 * session is stored and unexpired (`sd.token`, `sd.tokenExpiry` in ms) — nothing otherwise (the
 * sign-in page, an unknown route, an expired session: the app decides). The heading's `{{name}}`
 * is the stored user's first name (`sd.user`); the language is `sd.language` (az when unset).
 * @param routes the routes with boot texts, most specific first
 * @param pathname `location.pathname`
 * @returns the element drawn, or null
 */
export function showBootShell(routes: BootRoute[], pathname: string, env: BootEnvironment): HTMLElement | null {
  const { document: doc, storage, now } = env;
  const route = routes.find((r) => new RegExp(r.pattern).test(pathname));
  if (!route || !doc.body) return null;
  let lang: Lang = 'az';
  let name = '';
  let sidebar: { width?: unknown; collapsed?: unknown } = {};
  try {
    const expiry = Number(storage.getItem('sd.tokenExpiry'));
    if (!storage.getItem('sd.token') || !(expiry > now)) return null;
    const stored = storage.getItem('sd.language');
    if (stored === 'en' || stored === 'ru' || stored === 'tr') lang = stored;
    const user = JSON.parse(storage.getItem('sd.user') ?? 'null') as { firstName?: unknown } | null;
    if (typeof user?.firstName === 'string') name = user.firstName;
    sidebar = (JSON.parse(storage.getItem('sd.sidebar') ?? 'null') as typeof sidebar | null) ?? {};
  } catch {
    return null;
  }
  const part = partOfDay(new Date(now));
  const root = element(doc, 'div', 'sd-boot');
  root.id = BOOT_SHELL_ID;
  root.setAttribute('aria-hidden', 'true');
  const bar = element(doc, 'div', 'sd-boot-bar');
  bar.append(element(doc, 'span', 'sd-boot-toggle'), element(doc, 'span', 'sd-boot-mark'), element(doc, 'span', 'sd-boot-brand', 'ServiceDesk'));
  const side = element(doc, 'div', 'sd-boot-side');
  if (sidebar.collapsed === true) side.setAttribute('data-collapsed', '');
  else if (typeof sidebar.width === 'number' && sidebar.width >= 200 && sidebar.width <= 480) side.style.width = `${sidebar.width}px`;
  const page = element(doc, 'div', 'sd-boot-page');
  const header = element(doc, 'div', '');
  header.append(element(doc, 'div', 'sd-boot-heading', textOf(route.heading, lang, part, name)));
  const lead = textOf(route.lead, lang, part, name);
  if (lead) header.append(element(doc, 'p', 'sd-boot-lead', lead));
  page.append(header);
  const main = element(doc, 'div', 'sd-boot-main');
  main.append(page);
  const body = element(doc, 'div', 'sd-boot-body');
  body.append(side, main);
  root.append(bar, body);
  doc.body.insertBefore(root, doc.body.firstChild);
  setTimeout(() => root.remove(), BOOT_SHELL_MAX_MS);
  return root;
}

/** Removes the boot shell; nothing when none is drawn. */
export function dismissBootShell(doc: Document = document): void {
  doc.getElementById(BOOT_SHELL_ID)?.remove();
}

/** How long after the first route has loaded the boot shell waits for the page's heading, in ms. */
export const BOOT_SHELL_HEADING_WAIT_MS = 1_500;

/**
 * Hands the screen to the app (app-entry.tsx): the boot shell is removed as soon as the app has
 * drawn a page heading (an h1) in `root`, or {@link BOOT_SHELL_HEADING_WAIT_MS} after
 * `firstRouteLoaded` if none comes (a redirect to the sign-in form, an error page). Nothing to do
 * when index.html drew none.
 * @param root the app's container (#root)
 * @param firstRouteLoaded resolves once the router's first navigation is idle
 */
export function handOverBootShell(root: HTMLElement, firstRouteLoaded: Promise<void>): void {
  const doc = root.ownerDocument;
  if (!doc.getElementById(BOOT_SHELL_ID)) return;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    dismissBootShell(doc);
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector('h1')) finish();
  });
  observer.observe(root, { childList: true, subtree: true });
  void firstRouteLoaded.then(() => {
    if (root.querySelector('h1')) finish();
    else setTimeout(finish, BOOT_SHELL_HEADING_WAIT_MS);
  });
}
