import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem, LanguageCode } from '@servicedesk/contracts';
import { languages, isLanguageCode } from '@servicedesk/i18n';
import { useMenus } from '@servicedesk/api/global/get-menus';
import { useUpdateUserSelectedLanguage } from '@servicedesk/api/global/update-user-selected-language';
import { TopBar } from '@servicedesk/ui/TopBar';
import { Sidebar, type SidebarItem } from '@servicedesk/ui/Sidebar';
import { BackToTop } from '@servicedesk/ui/BackToTop';
import { useSession } from '../../session/session-context';
import { storage } from '../../session/storage';
import { useTheme } from '../theme';
import { switchLanguage } from '../i18n';
import { LiveSessionCountdown, SessionExpiryWatch } from './SessionCountdown';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { PhonePromptGate } from '../../features/phone-prompt/PhonePromptGate';
import { useRealtimeConnection } from '../../realtime/RealtimeProvider';
import { useLiveRecords } from '../../realtime/live-records';
import { useNewsMenuBadge } from '../../features/news/menu-badge';
import { useOrganisationTimeZone } from '../organisation-time-zone';
import * as s from './layouts.css';

/** The staff chat is downloaded after the shell has painted (issue #19 bundle budgets). */
const ChatDock = lazy(() => import('../../features/chat/ChatDock').then((m) => ({ default: m.ChatDock })));

/** Server menu items (captions are `menu.*` keys of layout.json) as translated Sidebar items. */
export function toSidebarItems(menus: MenuItem[], t: (key: string) => string): SidebarItem[] {
  return menus.map((m) => ({
    id: m.caption,
    label: t(`layout.${m.caption}`),
    icon: m.icon,
    href: m.url || undefined,
    children: m.subMenus?.length
      ? m.subMenus.map((sub) => ({ id: sub.caption, label: t(`layout.${sub.caption}`), href: sub.url }))
      : undefined,
  }));
}

/** The signed-in layout's narrow-screen menu state, shared by the top bar's toggle and the sidebar. */
interface MobileMenu {
  mobileOpen: boolean;
  setMobileOpen: (open: boolean | ((open: boolean) => boolean)) => void;
}

/**
 * The top bar of the signed-in layout: theme, language and user menus, the bell and the session
 * circle. Memoised with its own hooks, so a data answer elsewhere (the menus, a page's list)
 * does not re-render it; the circle's once-a-second tick re-renders only the circle.
 */
const ShellTopBar = memo(function ShellTopBar({ mobileOpen, setMobileOpen }: MobileMenu) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { theme, toggleTheme } = useTheme();
  const updateLanguage = useUpdateUserSelectedLanguage();
  const [user, setUser] = useState(() => storage.getUser());
  const language = isLanguageCode(i18n.language) ? i18n.language : storage.getLanguage();

  function changeLanguage(id: string) {
    if (!isLanguageCode(id) || id === language) return;
    const code: LanguageCode = id;
    void switchLanguage(i18n, code);
    updateLanguage.mutate(code);
    if (user) {
      const next = { ...user, language: code };
      storage.setUser(next);
      setUser(next);
    }
  }

  return (
    <TopBar
      appName={t('appName')}
      onNavigate={(href) => void navigate(href)}
      menuToggleLabel={mobileOpen ? t('layout.closeMenu') : t('layout.openMenu')}
      isMenuOpen={mobileOpen}
      onMenuToggle={() => setMobileOpen((open) => !open)}
      actions={<NotificationBell />}
      countdown={<LiveSessionCountdown />}
      theme={theme}
      themeToggleLabel={theme === 'light' ? t('theme.dark') : t('theme.light')}
      onThemeToggle={toggleTheme}
      languages={languageItems}
      language={language}
      languageLabel={t('language')}
      onLanguageChange={changeLanguage}
      user={{ firstName: user?.firstName ?? '', fullName: user ? `${user.firstName} ${user.lastName}` : '', imgPath: user?.imgPath ?? null }}
      userMenuLabel={t('layout.userMenu')}
      profileLabel={t('profile')}
      logoutLabel={t('logout')}
      onProfile={() => void navigate('/user/profile')}
      onLogout={() => session.logout()}
    />
  );
});

const languageItems = languages.map((l) => ({ id: l.code, label: l.label, imgUrl: l.imgUrl }));

/**
 * The sidebar from GetMenus (with the unread-news badge). Memoised with its own queries, so
 * their answers re-render the sidebar alone, and nothing else re-renders it but a navigation.
 */
const ShellSidebar = memo(function ShellSidebar({ pathname, mobileOpen, setMobileOpen }: MobileMenu & { pathname: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useMenus();
  const [sidebar, setSidebar] = useState(() => storage.getSidebar());
  const items = useNewsMenuBadge(useMemo(() => toSidebarItems(menus.data ?? [], t), [menus.data, t]));

  function persistSidebar(next: { width: number | null; collapsed: boolean }) {
    setSidebar(next);
    storage.setSidebar(next);
  }

  return (
    <Sidebar
      items={items}
      currentPath={pathname}
      onNavigate={(href) => void navigate(href)}
      label={t('layout.mainNavigation')}
      collapsed={sidebar.collapsed}
      onCollapsedChange={(collapsed) => persistSidebar({ ...sidebar, collapsed })}
      collapseLabel={t('layout.collapseSidebar')}
      expandLabel={t('layout.expandSidebar')}
      width={sidebar.width ?? 260}
      onWidthChange={(width) => persistSidebar({ ...sidebar, width })}
      resizeLabel={t('layout.resizeSidebar')}
      mobileOpen={mobileOpen}
      onMobileOpenChange={setMobileOpen}
      closeLabel={t('layout.closeMenu')}
    />
  );
});

/**
 * The signed-in layout (SPEC §2): skip link, top bar, sidebar from GetMenus, the routed page
 * in <main>, back-to-top after 250 px, and the session-expiry warning (SPEC §4). The sidebar's
 * width and collapsed state persist in sd.sidebar; on narrow screens it is off-canvas and
 * closes on every navigation. While it is mounted the tab's hub connection is held open
 * (apps/web/src/realtime), so the bell gets live notifications on /home and /user alike.
 *
 * Each part holds the state and the queries it shows (issue #19): the layout itself re-renders
 * only on a navigation or when the narrow-screen menu opens or closes — not with the menus'
 * answer, the hub's state, or the session circle's tick, which would re-render the top bar and
 * the sidebar every second.
 */
function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Both signed-in layouts hold the tab's one hub connection: live notifications on every page,
  // and live records (one RecordChanged, one refetch of what shows the record).
  useRealtimeConnection();
  useLiveRecords();
  const timeZone = useOrganisationTimeZone();

  // SPEC §2: the sidebar closes on each navigation.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMobileOpen(false);
  }

  return (
    <SessionExpiryWatch>
      <a className={s.skipLink} href="#main">
        {t('layout.skipToContent')}
      </a>
      <ShellTopBar mobileOpen={mobileOpen} setMobileOpen={setMobileOpen} />
      <div className={s.body}>
        <ShellSidebar pathname={pathname} mobileOpen={mobileOpen} setMobileOpen={setMobileOpen} />
        <main id="main" tabIndex={-1} className={s.main} key={timeZone}>
          <Outlet />
        </main>
      </div>
      <BackToTop label={t('backToTop')} />
    </SessionExpiryWatch>
  );
}

/** /home: top bar, sidebar and the staff chat (SPEC §2 "Chat popup", §4 "Chat"). */
export function HomeLayout() {
  return (
    <>
      <AppShell />
      <Suspense fallback={null}>
        <ChatDock />
      </Suspense>
      <PhonePromptGate />
    </>
  );
}

/** /user: top bar plus sidebar. */
export function UserLayout() {
  return <AppShell />;
}
