export { Sidebar, type SidebarItem, type SidebarProps, type SidebarSubItem } from './Sidebar';
