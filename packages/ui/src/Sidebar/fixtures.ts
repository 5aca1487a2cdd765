import type { SidebarItem } from './Sidebar';

/** Translated menu items (English) shaped like the server's GetMenus answer; for stories and tests. */
export const sampleSidebarItems: SidebarItem[] = [
  { id: 'dashboard', label: 'Dashboard', icon: 'dashboard', href: '/home/dashboard' },
  {
    id: 'helpdesk',
    label: 'Help desk',
    icon: 'ticket',
    children: [
      { id: 'requests', label: 'Requests', href: '/home/helpdesk/requests' },
      { id: 'categories', label: 'Categories', href: '/home/helpdesk/categories' },
    ],
  },
  {
    id: 'inventory',
    label: 'Inventory',
    icon: 'box',
    children: [
      { id: 'inv-requests', label: 'Equipment requests', href: '/home/inventory/requests' },
      { id: 'materials', label: 'Materials', href: '/home/inventory/materials' },
    ],
  },
  { id: 'news', label: 'News', icon: 'news', href: '/home/news' },
  { id: 'login-history', label: 'Login history', icon: 'history', href: '/user/login-history' },
  { id: 'profile', label: 'My profile', icon: 'user', href: '/user/profile' },
];

export const sidebarLabels = {
  label: 'Main menu',
  collapseLabel: 'Collapse menu',
  expandLabel: 'Expand menu',
  resizeLabel: 'Resize menu',
  closeLabel: 'Close menu',
};
