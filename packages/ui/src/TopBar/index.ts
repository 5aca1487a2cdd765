export { TopBar, type TopBarLanguage, type TopBarProps } from './TopBar';
