import type { TopBarProps } from './TopBar';

/** English texts and sample data for TopBar stories and tests (the app passes translations). */
export const topBarTexts = {
  appName: 'ServiceDesk',
  menuToggleLabel: 'Open menu',
  themeToggleLabel: 'Switch to dark theme',
  languageLabel: 'Language',
  userMenuLabel: 'User menu',
  profileLabel: 'My profile',
  logoutLabel: 'Log out',
} satisfies Partial<TopBarProps>;

export const topBarLanguages = [
  { id: 'az', label: 'Azərbaycan' },
  { id: 'en', label: 'English' },
  { id: 'ru', label: 'Русский' },
  { id: 'tr', label: 'Türkçe' },
];
