export { MenuButton, type MenuButtonItem, type MenuButtonProps } from './Menu';
