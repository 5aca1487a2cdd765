export { Icon, type IconProps } from './Icon';
export { iconPaths, isIconName, type IconName } from './icons';
