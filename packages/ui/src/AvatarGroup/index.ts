export { AvatarGroup, type AvatarGroupPerson, type AvatarGroupProps } from './AvatarGroup';
