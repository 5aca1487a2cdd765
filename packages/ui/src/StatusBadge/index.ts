export { StatusBadge, statusFamily, type StatusBadgeProps, type StatusFamily } from './StatusBadge';
