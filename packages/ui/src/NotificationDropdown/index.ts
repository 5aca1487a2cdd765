export {
  NotificationDropdown,
  type NotificationDropdownItem,
  type NotificationDropdownProps,
  type NotificationTab,
} from './NotificationDropdown';
