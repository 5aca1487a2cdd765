import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SHELL_HEADING_WAIT_MS, BOOT_SHELL_ID, BOOT_SHELL_MAX_MS, handOverBootShell, showBootShell, type BootRoute } from './boot-shell';

const routes: BootRoute[] = [
  {
    pattern: '^/home/dashboard/?$',
    heading: {
      az: { morning: 'Sabahınız xeyir, {{name}}', afternoon: 'Günortanız xeyir, {{name}}', evening: 'Axşamınız xeyir, {{name}}' },
      en: { morning: 'Good morning, {{name}}', afternoon: 'Good afternoon, {{name}}', evening: 'Good evening, {{name}}' },
      ru: { morning: 'Доброе утро, {{name}}', afternoon: 'Добрый день, {{name}}', evening: 'Добрый вечер, {{name}}' },
      tr: { morning: 'Günaydın, {{name}}', afternoon: 'İyi günler, {{name}}', evening: 'İyi akşamlar, {{name}}' },
    },
  },
  {
    pattern: '^/home/helpdesk/requests/?$',
    heading: { az: 'Help-desk müraciətləri', en: 'Help-desk requests', ru: 'Заявки', tr: 'Talepler' },
    lead: { az: 'Müraciətləri izləyin', en: 'Follow requests', ru: 'Следите', tr: 'İzleyin' },
  },
];

/** 2026-11-28 14:05 local time: the afternoon. */
const afternoon = new Date(2026, 10, 28, 14, 5).getTime();

function store(values: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => values[key] ?? null };
}

const session = (extra: Record<string, string> = {}) =>
  store({ 'sd.token': 't', 'sd.tokenExpiry': String(afternoon + 60_000), 'sd.user': JSON.stringify({ firstName: 'Aysel' }), ...extra });

const draw = (path: string, storage = session(), now = afternoon) => showBootShell(routes, path, { document, storage, now });

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the boot shell index.html draws before the scripts load (issue #19)', () => {
  it("draws the frame and the route's heading and lead in the stored language, as the first thing in <body>, hidden from assistive technology", () => {
    document.body.innerHTML = '<div id="root"></div>';
    const shell = draw('/home/helpdesk/requests', session({ 'sd.language': 'en' }));
    expect(shell).not.toBeNull();
    expect(document.body.firstChild).toBe(shell);
    expect(shell!.id).toBe(BOOT_SHELL_ID);
    expect(shell!.getAttribute('aria-hidden')).toBe('true');
    expect(shell!.querySelector('.sd-boot-heading')!.textContent).toBe('Help-desk requests');
    expect(shell!.querySelector('.sd-boot-lead')!.textContent).toBe('Follow requests');
    expect(shell!.querySelector('.sd-boot-brand')!.textContent).toBe('ServiceDesk');
    expect(shell!.querySelector('.sd-boot-side')).not.toBeNull();
  });

  it('greets the stored user by first name for the part of the day, in az when no language is stored', () => {
    expect(draw('/home/dashboard')!.querySelector('.sd-boot-heading')!.textContent).toBe('Günortanız xeyir, Aysel');
    document.body.innerHTML = '';
    const evening = new Date(2026, 10, 28, 21, 0).getTime();
    const shell = draw('/home/dashboard/', session({ 'sd.language': 'ru', 'sd.tokenExpiry': String(evening + 1) }), evening);
    expect(shell!.querySelector('.sd-boot-heading')!.textContent).toBe('Добрый вечер, Aysel');
    expect(shell!.querySelector('.sd-boot-lead')).toBeNull();
  });

  it('draws nothing without an unexpired stored session, on a route without boot texts, or with unreadable storage', () => {
    expect(draw('/home/helpdesk/requests', store({}))).toBeNull();
    expect(draw('/home/helpdesk/requests', session({ 'sd.tokenExpiry': String(afternoon - 1) }))).toBeNull();
    expect(draw('/home/helpdesk/requests/12')).toBeNull();
    expect(draw('/auth/login')).toBeNull();
    const broken = { getItem: () => { throw new Error('SecurityError'); } };
    expect(draw('/home/helpdesk/requests', broken)).toBeNull();
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
  });

  it("keeps the stored sidebar's width or rail, and ignores an implausible width", () => {
    expect(draw('/home/dashboard', session({ 'sd.sidebar': JSON.stringify({ width: 300, collapsed: false }) }))!.querySelector<HTMLElement>('.sd-boot-side')!.style.width).toBe('300px');
    document.body.innerHTML = '';
    expect(draw('/home/dashboard', session({ 'sd.sidebar': JSON.stringify({ width: 300, collapsed: true }) }))!.querySelector('.sd-boot-side')!.hasAttribute('data-collapsed')).toBe(true);
    document.body.innerHTML = '';
    expect(draw('/home/dashboard', session({ 'sd.sidebar': JSON.stringify({ width: 5000 }) }))!.querySelector<HTMLElement>('.sd-boot-side')!.style.width).toBe('');
  });

  it('a name is text, never markup', () => {
    const shell = draw('/home/dashboard', session({ 'sd.user': JSON.stringify({ firstName: '<img src=x onerror=alert(1)>' }) }));
    expect(shell!.querySelector('img')).toBeNull();
    expect(shell!.querySelector('.sd-boot-heading')!.textContent).toBe('Günortanız xeyir, <img src=x onerror=alert(1)>');
  });

  it('removes itself if the app never takes over', () => {
    vi.useFakeTimers({ now: afternoon });
    draw('/home/dashboard');
    vi.advanceTimersByTime(BOOT_SHELL_MAX_MS - 1);
    expect(document.getElementById(BOOT_SHELL_ID)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
  });
});

describe('handing the screen over to the app', () => {
  let root: HTMLElement;
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
  });

  it('removes the boot shell as soon as the app has drawn a page heading', async () => {
    draw('/home/dashboard');
    handOverBootShell(root, new Promise(() => {}));
    root.innerHTML = '<header>top bar</header>';
    await Promise.resolve();
    expect(document.getElementById(BOOT_SHELL_ID)).not.toBeNull();
    const h1 = document.createElement('h1');
    h1.textContent = 'Good afternoon, Aysel';
    root.append(h1);
    await vi.waitFor(() => expect(document.getElementById(BOOT_SHELL_ID)).toBeNull());
  });

  it('removes it a moment after the first route has loaded when the page has no heading (a redirect, an error)', async () => {
    vi.useFakeTimers({ now: afternoon });
    draw('/home/dashboard');
    let loaded!: () => void;
    handOverBootShell(root, new Promise<void>((resolve) => (loaded = resolve)));
    loaded();
    await vi.advanceTimersByTimeAsync(BOOT_SHELL_HEADING_WAIT_MS - 1);
    expect(document.getElementById(BOOT_SHELL_ID)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
  });

  it('does nothing when index.html drew no boot shell', async () => {
    handOverBootShell(root, Promise.resolve());
    root.innerHTML = '<h1>Sign in</h1>';
    await Promise.resolve();
    expect(root.querySelector('h1')).not.toBeNull();
  });
});
