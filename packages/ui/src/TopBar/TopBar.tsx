import type { ReactNode } from 'react';
import { Button as RACButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Avatar } from '../Avatar';
import { Icon } from '../Icon';
import * as s from './TopBar.css';

/** A language in the dropdown (SPEC §3 "Language": code, label, image). */
export interface TopBarLanguage {
  id: string;
  label: string;
  imgUrl?: string;
}

export interface TopBarProps {
  /** Product name shown beside the logo; the brand links to `homeHref`. */
  appName: string;
  /** @default '/home/dashboard' */
  homeHref?: string;
  /** Client-side navigation for the brand link. */
  onNavigate(href: string): void;
  /** Label of the sidebar toggle shown on narrow screens (e.g. "Open menu"). */
  menuToggleLabel: string;
  /** Whether the off-canvas sidebar is open (aria-expanded of the toggle). */
  isMenuOpen: boolean;
  onMenuToggle(): void;
  /** The session countdown (a CountdownCircle). */
  countdown?: ReactNode;
  /** Slot before the countdown, e.g. the notification bell. */
  actions?: ReactNode;
  /** The active site theme. */
  theme: 'light' | 'dark';
  /** Accessible name of the theme toggle (e.g. "Switch to dark theme"). */
  themeToggleLabel: string;
  onThemeToggle(): void;
  languages: readonly TopBarLanguage[];
  /** Selected language id. */
  language: string;
  /** Accessible name prefix of the language dropdown (e.g. "Language"). */
  languageLabel: string;
  onLanguageChange(id: string): void;
  /** Signed-in user's first name, full name (avatar initials; defaults to the first name) and avatar URL (null → default avatar). */
  user: { firstName: string; fullName?: string; imgPath: string | null };
  /** Accessible name of the user menu (e.g. "User menu"). */
  userMenuLabel: string;
  profileLabel: string;
  logoutLabel: string;
  onProfile(): void;
  onLogout(): void;
}


/**
 * The top bar of SPEC §2: sidebar toggle (narrow screens), brand, slot for the notification
 * bell, the countdown circle, a theme toggle, a language dropdown and the user menu (first
 * name + avatar, default avatar when none; profile and logout). Renders the `banner` landmark.
 */
export function TopBar(props: TopBarProps) {
  const {
    appName,
    homeHref = '/home/dashboard',
    onNavigate,
    languages,
    language,
    user,
  } = props;
  const current = languages.find((l) => l.id === language);
  return (
    <header className={s.header}>
      <RACButton
        className={`${s.trigger} ${s.menuToggle}`}
        aria-label={props.menuToggleLabel}
        aria-expanded={props.isMenuOpen}
        onPress={props.onMenuToggle}
      >
        <Icon name="menu" />
      </RACButton>
      <a
        className={s.brand}
        href={homeHref}
        aria-label={appName}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          onNavigate(homeHref);
        }}
      >
        <span className={s.brandMark} aria-hidden="true">
          <Icon name="ticket" size="sm" />
        </span>
        <span className={s.brandText}>{appName}</span>
      </a>
      <span className={s.spacer} />
      <div className={s.actions}>
        {props.actions}
        {props.countdown}
        <RACButton className={s.trigger} aria-label={props.themeToggleLabel} onPress={props.onThemeToggle}>
          <Icon name={props.theme === 'dark' ? 'sun' : 'moon'} />
        </RACButton>
        <MenuTrigger>
          {/* Named by its content (hidden label + language), so the name never contradicts what is shown. */}
          <RACButton className={s.trigger}>
            {current?.imgUrl ? <img className={s.flag} src={current.imgUrl} alt="" /> : <Icon name="globe" />}
            <span className={s.visuallyHidden}>{`${props.languageLabel}: ${current?.label ?? language}`}</span>
            <span aria-hidden="true">{language.toUpperCase()}</span>
            <Icon name="chevron-down" size="sm" />
          </RACButton>
          <Popover className={s.popover} placement="bottom end">
            <Menu
              className={s.menu}
              aria-label={props.languageLabel}
              selectionMode="single"
              selectedKeys={[language]}
              onAction={(key) => props.onLanguageChange(String(key))}
            >
              {languages.map((l) => (
                <MenuItem key={l.id} id={l.id} className={s.menuItem} textValue={l.label}>
                  {({ isSelected }) => (
                    <>
                      {l.imgUrl && <img className={s.flag} src={l.imgUrl} alt="" />}
                      <span lang={l.id}>{l.label}</span>
                      {isSelected && <Icon name="check" size="sm" className={s.check} />}
                    </>
                  )}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
        <MenuTrigger>
          <RACButton className={s.trigger}>
            <span aria-hidden="true" style={{ display: 'contents' }}>
              <Avatar src={user.imgPath} name={user.fullName ?? user.firstName} size="sm" />
            </span>
            <span className={s.visuallyHidden}>{`${props.userMenuLabel}:`}</span>{' '}
            <span className={s.hideNarrow}>{user.firstName}</span>
            <Icon name="chevron-down" size="sm" />
          </RACButton>
          <Popover className={s.popover} placement="bottom end">
            <Menu
              className={s.menu}
              aria-label={props.userMenuLabel}
              onAction={(key) => (key === 'logout' ? props.onLogout() : props.onProfile())}
            >
              <MenuItem id="profile" className={s.menuItem} textValue={props.profileLabel}>
                <Icon name="user" size="sm" />
                {props.profileLabel}
              </MenuItem>
              <MenuItem id="logout" className={s.menuItem} textValue={props.logoutLabel}>
                <Icon name="logout" size="sm" />
                {props.logoutLabel}
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
    </header>
  );
}
