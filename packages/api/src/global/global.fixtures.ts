import {
  currentUserProfile,
  getLoginHistoryListResponse,
  getMenuPermissionsResponse,
  getMenusResponse,
  getSpecodesByKeyResponse,
  getUserListsResponse,
  getUsersNameAndIdResponse,
  tableSettings,
} from '@servicedesk/contracts';

/*
 * Fixtures of the global area, each parsed by its contract schema at import, so a fixture
 * that drifts from the contract fails every test and story that loads it.
 */

/** The admin's sidebar (every item; captions are `menu.*` keys of layout.json). */
export const menusFixture = getMenusResponse.parse([
  { caption: 'menu.dashboard', icon: 'dashboard', url: '/home/dashboard' },
  {
    caption: 'menu.helpdesk',
    icon: 'ticket',
    url: '',
    subMenus: [
      { caption: 'menu.helpdeskRequests', url: '/home/helpdesk/requests' },
      { caption: 'menu.helpdeskCategories', url: '/home/helpdesk/categories' },
    ],
  },
  {
    caption: 'menu.inventory',
    icon: 'box',
    url: '',
    subMenus: [
      { caption: 'menu.inventoryRequests', url: '/home/inventory/requests' },
      { caption: 'menu.inventoryProcessing', url: '/home/inventory/processing' },
      { caption: 'menu.materials', url: '/home/inventory/materials' },
      { caption: 'menu.warehouses', url: '/home/inventory/warehouses' },
      { caption: 'menu.inventories', url: '/home/inventory/inventories' },
    ],
  },
  { caption: 'menu.contracts', icon: 'file-text', url: '/home/contracts' },
  {
    caption: 'menu.documents',
    icon: 'file-text',
    url: '',
    subMenus: [
      { caption: 'menu.documentCirculation', url: '/home/documents/circulation' },
      { caption: 'menu.documentRegistry', url: '/home/documents/registry' },
    ],
  },
  {
    caption: 'menu.finance',
    icon: 'wallet',
    url: '',
    subMenus: [
      { caption: 'menu.vendorInvoices', url: '/home/finance/vendor-invoices' },
      { caption: 'menu.eInvoices', url: '/home/finance/e-invoices' },
      { caption: 'menu.accountingPool', url: '/home/finance/accounting-pool' },
      { caption: 'menu.debtReports', url: '/home/finance/debt-reports' },
    ],
  },
  { caption: 'menu.news', icon: 'news', url: '/home/news' },
  { caption: 'menu.schedules', icon: 'calendar', url: '/home/schedules' },
  {
    caption: 'menu.administration',
    icon: 'settings',
    url: '',
    subMenus: [
      { caption: 'menu.users', url: '/home/admin/users' },
      { caption: 'menu.userTypes', url: '/home/admin/user-types' },
    ],
  },
  { caption: 'menu.loginHistory', icon: 'history', url: '/user/login-history' },
  { caption: 'menu.profile', icon: 'user', url: '/user/profile' },
]);

/** An employee's shorter sidebar. */
export const employeeMenusFixture = getMenusResponse.parse(
  menusFixture
    .filter((item) =>
      [
        'menu.dashboard',
        'menu.helpdesk',
        'menu.news',
        'menu.loginHistory',
        'menu.profile',
      ].includes(item.caption),
    )
    .map((item) =>
      item.caption === 'menu.helpdesk'
        ? { ...item, subMenus: item.subMenus?.filter((s) => s.caption === 'menu.helpdeskRequests') }
        : item,
    ),
);

/** Active users for pickers. */
export const usersNameAndIdFixture = getUsersNameAndIdResponse.parse([
  { id: 1, name: 'Aysel Məmmədova' },
  { id: 2, name: 'Rəşad Əliyev' },
  { id: 3, name: 'Günel Həsənova' },
  { id: 4, name: 'Tural İsmayıllı' },
  { id: 5, name: 'Şəbnəm Quliyeva' },
]);

/** Colleagues for the chat, and whether the caller has a WhatsApp number. */
export const userListsFixture = getUserListsResponse.parse({
  hasWpNumber: true,
  users: [
    {
      id: 2,
      name: 'Rəşad Əliyev',
      img: null,
      positionName: 'İT mütəxəssisi',
      isActive: true,
      unreadMessageCount: 2,
    },
    {
      id: 3,
      name: 'Günel Həsənova',
      img: null,
      positionName: 'Qrup rəhbəri',
      isActive: false,
      unreadMessageCount: 0,
    },
    {
      id: 4,
      name: 'Tural İsmayıllı',
      img: null,
      positionName: null,
      isActive: true,
      unreadMessageCount: 0,
    },
  ],
});

/** The admin's profile. */
export const currentUserFixture = currentUserProfile.parse({
  id: 1,
  firstName: 'Aysel',
  lastName: 'Məmmədova',
  email: 'admin@servicedesk.az',
  phone: '994501234567',
  imgPath: null,
  positionName: 'Sistem administratoru',
  locationName: 'Bakı, baş ofis',
  userTypeName: 'Administrator',
  language: 'az',
  createdAt: '2025-09-01T09:00:00.000Z',
});

/** The caller's sign-in attempts, newest first: two successes and a wrong password. */
export const loginHistoryFixture = getLoginHistoryListResponse.parse([
  {
    id: 3,
    email: 'admin@servicedesk.az',
    userId: 1,
    isSuccess: true,
    reason: null,
    ip: '10.0.0.15',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    latitude: 40.4093,
    longitude: 49.8671,
    createdAt: '2026-01-05T09:12:00.000Z',
  },
  {
    id: 2,
    email: 'admin@servicedesk.az',
    userId: 1,
    isSuccess: false,
    reason: 'wrongPassword',
    ip: '10.0.0.15',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    latitude: null,
    longitude: null,
    createdAt: '2026-01-05T09:11:00.000Z',
  },
  {
    id: 1,
    email: 'admin@servicedesk.az',
    userId: 1,
    isSuccess: true,
    reason: null,
    ip: '10.0.0.20',
    userAgent: null,
    latitude: null,
    longitude: null,
    createdAt: '2026-01-04T08:00:00.000Z',
  },
]);

/** Lookup lists by key, as the server seeds them (names in az). */
export const specodesFixture: Record<string, ReturnType<typeof getSpecodesByKeyResponse.parse>> = {
  priority: getSpecodesByKeyResponse.parse([
    { id: 1, key: 'priority', code: 'low', name: 'Aşağı', sortOrder: 0 },
    { id: 2, key: 'priority', code: 'normal', name: 'Normal', sortOrder: 1 },
    { id: 3, key: 'priority', code: 'high', name: 'Yüksək', sortOrder: 2 },
    { id: 4, key: 'priority', code: 'critical', name: 'Kritik', sortOrder: 3 },
  ]),
  currency: getSpecodesByKeyResponse.parse([
    { id: 11, key: 'currency', code: 'AZN', name: 'Azərbaycan manatı', sortOrder: 0 },
    { id: 12, key: 'currency', code: 'USD', name: 'ABŞ dolları', sortOrder: 1 },
    { id: 13, key: 'currency', code: 'EUR', name: 'Avro', sortOrder: 2 },
    { id: 14, key: 'currency', code: 'TRY', name: 'Türk lirəsi', sortOrder: 3 },
    { id: 15, key: 'currency', code: 'RUB', name: 'Rusiya rublu', sortOrder: 4 },
  ]),
};

/** Permissions of a page. */
export const menuPermissionsFixture = getMenuPermissionsResponse.parse([
  { key: 'create', isChecked: true },
  { key: 'edit', isChecked: true },
  { key: 'delete', isChecked: false },
]);

/** A saved column layout. */
export const tableSettingsFixture = tableSettings.parse({
  columns: [
    { key: 'id', width: 80 },
    { key: 'title', width: 320 },
    { key: 'status' },
    { key: 'createdAt', hidden: true },
  ],
});
