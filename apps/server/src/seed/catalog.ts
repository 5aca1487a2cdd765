/**
 * The demo organisation's fixed data: the menu tree of the team brief with an action key per item
 * and the element actions under it, the user types and what each may use, positions, locations,
 * the ten demo users and the lookup lists. seed.ts writes it idempotently.
 */

export interface MenuSeed {
  captionKey: string;
  icon: string;
  url: string;
  actionKey: string;
  /** Element actions under this menu item (getMenuPermissions lists them). */
  actions?: string[];
  children?: MenuSeed[];
}

/** The sidebar tree, in display order (team brief "The menu tree"). */
export const menuTree: MenuSeed[] = [
  { captionKey: 'menu.dashboard', icon: 'dashboard', url: '/home/dashboard', actionKey: 'dashboard' },
  // Issue #11: everything waiting for the user's approval (or their substitute's), across modules.
  { captionKey: 'menu.myApprovals', icon: 'check', url: '/home/approvals', actionKey: 'approvals',
    actions: ['approvals.delegate'] },
  {
    captionKey: 'menu.helpdesk', icon: 'ticket', url: '', actionKey: 'helpdesk',
    children: [
      { captionKey: 'menu.helpdeskRequests', icon: 'ticket', url: '/home/helpdesk/requests', actionKey: 'helpdesk.requests',
        actions: ['helpdesk.requests.create', 'helpdesk.requests.approve', 'helpdesk.requests.repair', 'helpdesk.requests.reject', 'helpdesk.requests.cancel',
          'helpdesk.requests.assign', 'helpdesk.requests.viewAll', 'helpdesk.requests.hold', 'helpdesk.requests.resolve'] },
      { captionKey: 'menu.helpdeskCategories', icon: 'ticket', url: '/home/helpdesk/categories', actionKey: 'helpdesk.categories',
        actions: ['helpdesk.categories.create', 'helpdesk.categories.update', 'helpdesk.categories.delete'] },
    ],
  },
  {
    captionKey: 'menu.inventory', icon: 'box', url: '', actionKey: 'inventory',
    children: [
      // Issue #40: what is assigned to me (every user type).
      { captionKey: 'menu.myEquipment', icon: 'box', url: '/home/inventory/my-equipment', actionKey: 'inventory.myEquipment' },
      { captionKey: 'menu.inventoryRequests', icon: 'box', url: '/home/inventory/requests', actionKey: 'inventory.requests',
        actions: ['inventory.requests.create', 'inventory.requests.cancel', 'inventory.requests.directorCallback', 'inventory.requests.visaPoolCallback',
          'inventory.requests.onBehalf', 'inventory.requests.viewAll', 'inventory.requests.budgets', 'inventory.requests.anyBudget'] },
      { captionKey: 'menu.inventoryProcessing', icon: 'box', url: '/home/inventory/processing', actionKey: 'inventory.processing',
        actions: ['inventory.processing.issue', 'inventory.processing.markForPurchase'] },
      // Issue #40: lines marked for purchase until their receipt; the reorder list.
      { captionKey: 'menu.purchases', icon: 'box', url: '/home/inventory/purchases', actionKey: 'inventory.purchases',
        actions: ['inventory.purchases.receive'] },
      { captionKey: 'menu.materials', icon: 'box', url: '/home/inventory/materials', actionKey: 'inventory.materials',
        actions: ['inventory.materials.create', 'inventory.materials.update'] },
      { captionKey: 'menu.warehouses', icon: 'building', url: '/home/inventory/warehouses', actionKey: 'inventory.warehouses',
        actions: ['inventory.warehouses.create', 'inventory.warehouses.update', 'inventory.warehouses.operation', 'inventory.warehouses.anyWarehouse'] },
      { captionKey: 'menu.inventories', icon: 'box', url: '/home/inventory/inventories', actionKey: 'inventory.inventories',
        actions: ['inventory.inventories.create', 'inventory.inventories.update', 'inventory.inventories.writeOff'] },
    ],
  },
  { captionKey: 'menu.contracts', icon: 'file-text', url: '/home/contracts', actionKey: 'contracts',
    actions: ['contracts.create', 'contracts.visa', 'contracts.lawyerReject', 'contracts.clerkProcess', 'contracts.deactivate', 'contracts.viewAll'] },
  {
    captionKey: 'menu.documents', icon: 'file-text', url: '', actionKey: 'documents',
    children: [
      { captionKey: 'menu.documentCirculation', icon: 'file-text', url: '/home/documents/circulation', actionKey: 'documents.circulation',
        actions: ['documents.circulation.create', 'documents.circulation.manageFolders', 'documents.circulation.purge'] },
      { captionKey: 'menu.documentRegistry', icon: 'file-text', url: '/home/documents/registry', actionKey: 'documents.registry',
        actions: ['documents.registry.create', 'documents.registry.approve', 'documents.registry.reject'] },
    ],
  },
  {
    captionKey: 'menu.finance', icon: 'wallet', url: '', actionKey: 'finance',
    children: [
      { captionKey: 'menu.vendorInvoices', icon: 'wallet', url: '/home/finance/vendor-invoices', actionKey: 'finance.vendorInvoices',
        actions: ['finance.vendorInvoices.create', 'finance.vendorInvoices.nextProcess', 'finance.vendorInvoices.delete', 'finance.vendorInvoices.viewAll'] },
      { captionKey: 'menu.eInvoices', icon: 'wallet', url: '/home/finance/e-invoices', actionKey: 'finance.eInvoices',
        actions: ['finance.eInvoices.import', 'finance.eInvoices.match'] },
      { captionKey: 'menu.accountingPool', icon: 'wallet', url: '/home/finance/accounting-pool', actionKey: 'finance.accountingPool',
        actions: ['finance.accountingPool.take', 'finance.accountingPool.post', 'finance.accountingPool.return'] },
      { captionKey: 'menu.debtReports', icon: 'wallet', url: '/home/finance/debt-reports', actionKey: 'finance.debtReports',
        actions: ['finance.debtReports.comment', 'finance.debtReports.updateStatus', 'finance.debtReports.import1C', 'finance.debtReports.manage',
          'finance.debtReports.dislocation', 'finance.debtReports.dislocationImport'] },
    ],
  },
  { captionKey: 'menu.news', icon: 'news', url: '/home/news', actionKey: 'news',
    actions: ['news.create', 'news.delete', 'news.comment'] },
  { captionKey: 'menu.schedules', icon: 'calendar', url: '/home/schedules', actionKey: 'schedules',
    actions: ['schedules.edit'] },
  {
    captionKey: 'menu.administration', icon: 'settings', url: '', actionKey: 'administration',
    children: [
      { captionKey: 'menu.users', icon: 'users', url: '/home/admin/users', actionKey: 'admin.users',
        actions: ['admin.users.create', 'admin.users.update', 'admin.users.deactivate', 'admin.users.resetPassword', 'admin.users.reactivate'] },
      { captionKey: 'menu.userTypes', icon: 'users', url: '/home/admin/user-types', actionKey: 'admin.userTypes',
        actions: ['admin.userTypes.create', 'admin.userTypes.update', 'admin.userTypes.copy'] },
      { captionKey: 'menu.org', icon: 'building', url: '/home/admin/org', actionKey: 'admin.org',
        actions: ['admin.org.manage'] },
      { captionKey: 'menu.referenceLists', icon: 'settings', url: '/home/admin/reference-lists', actionKey: 'admin.referenceLists',
        actions: ['admin.referenceLists.manage'] },
      { captionKey: 'menu.translations', icon: 'globe', url: '/home/admin/translations', actionKey: 'admin.translations',
        actions: ['admin.translations.update'] },
      { captionKey: 'menu.permissions', icon: 'info', url: '/home/admin/permissions', actionKey: 'admin.permissions' },
      { captionKey: 'menu.directory', icon: 'users', url: '/home/admin/directory', actionKey: 'admin.directory',
        actions: ['admin.directory.sync'] },
      { captionKey: 'menu.outbox', icon: 'history', url: '/home/admin/outbox', actionKey: 'admin.outbox',
        actions: ['admin.outbox.retry'] },
    ],
  },
  { captionKey: 'menu.loginHistory', icon: 'history', url: '/user/login-history', actionKey: 'loginHistory',
    actions: ['loginHistory.all'] },
  { captionKey: 'menu.profile', icon: 'user', url: '/user/profile', actionKey: 'profile' },
];

/** Every action key of the tree (menu items and their element actions), parents before children. */
export function allActions(): { key: string; parentKey: string | null; sortOrder: number }[] {
  const out: { key: string; parentKey: string | null; sortOrder: number }[] = [];
  const walk = (items: MenuSeed[], parentKey: string | null) => {
    items.forEach((item) => {
      out.push({ key: item.actionKey, parentKey, sortOrder: out.length });
      item.actions?.forEach((key) => out.push({ key, parentKey: item.actionKey, sortOrder: out.length }));
      if (item.children) walk(item.children, item.actionKey);
    });
  };
  walk(menuTree, null);
  return out;
}

/** What every signed-in user may open. */
const everyone = [
  'dashboard', 'approvals', 'approvals.delegate', 'helpdesk.requests', 'helpdesk.requests.create', 'helpdesk.requests.cancel',
  'inventory.requests', 'inventory.requests.create', 'inventory.requests.cancel', 'inventory.myEquipment',
  'news', 'news.comment', 'schedules', 'loginHistory', 'profile',
];

export type UserTypeKey =
  | 'admin' | 'employee' | 'groupLead' | 'itExecutor' | 'director'
  | 'visaPool' | 'lawyer' | 'clerk' | 'accountant' | 'warehouseKeeper';

/**
 * User types with their display names and granted action keys. A parent menu (helpdesk, inventory,
 * …) is never granted directly: it shows when one of its children is granted. `'*'` = every action.
 */
export const userTypeSeeds: { key: UserTypeKey; name: string; grants: string[] | '*' }[] = [
  { key: 'admin', name: 'Administrator', grants: '*' },
  { key: 'employee', name: 'Employee', grants: everyone },
  { key: 'groupLead', name: 'Group lead', grants: [...everyone, 'inventory.requests.onBehalf', 'helpdesk.requests.approve', 'helpdesk.requests.reject', 'helpdesk.requests.assign', 'schedules.edit', 'documents.circulation', 'documents.circulation.create'] },
  { key: 'itExecutor', name: 'IT executor', grants: [...everyone, 'helpdesk.requests.repair', 'helpdesk.requests.reject', 'helpdesk.requests.hold', 'helpdesk.requests.resolve', 'helpdesk.categories', 'inventory.inventories', 'inventory.inventories.update'] },
  { key: 'director', name: 'Director', grants: [...everyone, 'inventory.requests.directorCallback', 'inventory.requests.onBehalf', 'inventory.requests.viewAll', 'inventory.requests.budgets', 'inventory.requests.anyBudget', 'contracts', 'documents.circulation', 'documents.registry', 'documents.registry.approve', 'documents.registry.reject', 'finance.vendorInvoices', 'finance.vendorInvoices.nextProcess', 'finance.debtReports', 'news.create', 'contracts.create', 'contracts.visa', 'contracts.viewAll', 'finance.vendorInvoices.viewAll', 'finance.debtReports.comment', 'finance.debtReports.dislocation'] },
  { key: 'visaPool', name: 'Visa pool', grants: [...everyone, 'inventory.requests.visaPoolCallback', 'inventory.requests.viewAll', 'contracts', 'contracts.visa', 'documents.circulation'] },
  { key: 'lawyer', name: 'Lawyer', grants: [...everyone, 'contracts', 'contracts.lawyerReject', 'documents.circulation', 'contracts.deactivate', 'contracts.viewAll'] },
  { key: 'clerk', name: 'Clerk', grants: [...everyone, 'contracts', 'contracts.clerkProcess', 'documents.circulation', 'documents.circulation.create', 'documents.registry', 'documents.registry.create', 'documents.registry.approve', 'documents.registry.reject', 'contracts.viewAll', 'finance.vendorInvoices', 'finance.vendorInvoices.create', 'finance.vendorInvoices.delete'] },
  { key: 'accountant', name: 'Accountant', grants: [...everyone, 'inventory.requests.budgets', 'contracts', 'finance.vendorInvoices', 'finance.vendorInvoices.create', 'finance.vendorInvoices.nextProcess', 'finance.eInvoices', 'finance.eInvoices.import', 'finance.eInvoices.match', 'finance.accountingPool', 'finance.accountingPool.take', 'finance.accountingPool.post', 'finance.accountingPool.return', 'finance.debtReports', 'finance.debtReports.comment', 'finance.debtReports.updateStatus', 'finance.debtReports.import1C', 'contracts.create', 'finance.vendorInvoices.delete', 'finance.vendorInvoices.viewAll', 'finance.debtReports.manage', 'finance.debtReports.dislocation', 'finance.debtReports.dislocationImport'] },
  { key: 'warehouseKeeper', name: 'Warehouse keeper', grants: [...everyone, 'inventory.requests.viewAll', 'inventory.processing', 'inventory.processing.issue', 'inventory.processing.markForPurchase', 'inventory.purchases', 'inventory.purchases.receive', 'inventory.materials', 'inventory.materials.create', 'inventory.materials.update', 'inventory.warehouses', 'inventory.warehouses.create', 'inventory.warehouses.update', 'inventory.warehouses.operation', 'inventory.inventories', 'inventory.inventories.create', 'inventory.inventories.update', 'inventory.inventories.writeOff', 'finance.vendorInvoices', 'finance.vendorInvoices.nextProcess', 'finance.vendorInvoices.viewAll'] },
];

/** The user types' names per interface language (user type detail; `name` above is the en one). */
export const userTypeNames: Record<UserTypeKey, { az: string; en: string; ru: string; tr: string }> = {
  admin: { az: 'Administrator', en: 'Administrator', ru: 'Администратор', tr: 'Yönetici' },
  employee: { az: 'Əməkdaş', en: 'Employee', ru: 'Сотрудник', tr: 'Çalışan' },
  groupLead: { az: 'Qrup rəhbəri', en: 'Group lead', ru: 'Руководитель группы', tr: 'Grup lideri' },
  itExecutor: { az: 'İT icraçısı', en: 'IT executor', ru: 'ИТ-исполнитель', tr: 'BT uygulayıcısı' },
  director: { az: 'Direktor', en: 'Director', ru: 'Директор', tr: 'Direktör' },
  visaPool: { az: 'Viza hovuzu', en: 'Visa pool', ru: 'Визовый пул', tr: 'Vize havuzu' },
  lawyer: { az: 'Hüquqşünas', en: 'Lawyer', ru: 'Юрист', tr: 'Avukat' },
  clerk: { az: 'Kargüzar', en: 'Clerk', ru: 'Делопроизводитель', tr: 'Evrak memuru' },
  accountant: { az: 'Mühasib', en: 'Accountant', ru: 'Бухгалтер', tr: 'Muhasebeci' },
  warehouseKeeper: { az: 'Anbardar', en: 'Warehouse keeper', ru: 'Кладовщик', tr: 'Depo sorumlusu' },
};

/** The IT support group's name: help-desk requests are routed to it by default. */
export const IT_SUPPORT_GROUP = 'İT dəstəyi';

/**
 * Demo groups (DOMAIN.md "Group"): members by email, `lead` the one group lead. Written only when
 * the group is new, so changes made in the app stay.
 */
export const groupSeeds: { name: string; lead: string; members: string[] }[] = [
  { name: IT_SUPPORT_GROUP, lead: 'lead@servicedesk.az', members: ['executor@servicedesk.az'] },
  { name: 'Anbar', lead: 'warehouse@servicedesk.az', members: [] },
  { name: 'Maliyyə', lead: 'accountant@servicedesk.az', members: ['director@servicedesk.az'] },
  // The demo employee charges the legal team's budget lines (the budget rule: own group's lines only).
  { name: 'Hüquq', lead: 'lawyer@servicedesk.az', members: ['clerk@servicedesk.az', 'employee@servicedesk.az'] },
];

export const positionSeeds = [
  'Sistem administratoru', 'Mütəxəssis', 'Qrup rəhbəri', 'İT mühəndisi', 'Direktor',
  'Viza mütəxəssisi', 'Hüquqşünas', 'Kargüzar', 'Mühasib', 'Anbardar',
];

export const locationSeeds = ['Baş ofis, Bakı', 'Gəncə filialı', 'Sumqayıt anbarı'];

/** The demo password every seeded user starts with (printed at start). */
export const DEMO_PASSWORD = 'Demo1234';

export interface DemoUserSeed {
  email: string;
  firstName: string;
  lastName: string;
  userType: UserTypeKey;
  position: string;
  location: string;
  phone: string | null;
}

/** One user per role (team brief "Demo users"). */
export const demoUsers: DemoUserSeed[] = [
  { email: 'admin@servicedesk.az', firstName: 'Aysel', lastName: 'Məmmədova', userType: 'admin', position: 'Sistem administratoru', location: 'Baş ofis, Bakı', phone: '994501234567' },
  { email: 'employee@servicedesk.az', firstName: 'Rəşad', lastName: 'Əliyev', userType: 'employee', position: 'Mütəxəssis', location: 'Baş ofis, Bakı', phone: null },
  { email: 'lead@servicedesk.az', firstName: 'Günel', lastName: 'Hüseynova', userType: 'groupLead', position: 'Qrup rəhbəri', location: 'Baş ofis, Bakı', phone: null },
  { email: 'executor@servicedesk.az', firstName: 'Elvin', lastName: 'Quliyev', userType: 'itExecutor', position: 'İT mühəndisi', location: 'Baş ofis, Bakı', phone: null },
  { email: 'director@servicedesk.az', firstName: 'Tural', lastName: 'Həsənov', userType: 'director', position: 'Direktor', location: 'Baş ofis, Bakı', phone: '994552345678' },
  { email: 'visapool@servicedesk.az', firstName: 'Nərmin', lastName: 'İsmayılova', userType: 'visaPool', position: 'Viza mütəxəssisi', location: 'Baş ofis, Bakı', phone: null },
  { email: 'lawyer@servicedesk.az', firstName: 'Orxan', lastName: 'Cəfərov', userType: 'lawyer', position: 'Hüquqşünas', location: 'Baş ofis, Bakı', phone: null },
  { email: 'clerk@servicedesk.az', firstName: 'Ləman', lastName: 'Rzayeva', userType: 'clerk', position: 'Kargüzar', location: 'Gəncə filialı', phone: null },
  { email: 'accountant@servicedesk.az', firstName: 'Kamran', lastName: 'Nəsirov', userType: 'accountant', position: 'Mühasib', location: 'Baş ofis, Bakı', phone: null },
  { email: 'warehouse@servicedesk.az', firstName: 'Səbinə', lastName: 'Abbasova', userType: 'warehouseKeeper', position: 'Anbardar', location: 'Sumqayıt anbarı', phone: null },
];

type Names = { az: string; en: string; ru: string; tr: string };
const n = (az: string, en: string, ru: string, tr: string): Names => ({ az, en, ru, tr });

/** Lookup lists (DOMAIN.md "Specodes") with names in every interface language. */
export const specodeSeeds: Record<string, { code: string; names: Names }[]> = {
  priority: [
    { code: 'low', names: n('Aşağı', 'Low', 'Низкий', 'Düşük') },
    { code: 'normal', names: n('Normal', 'Normal', 'Обычный', 'Normal') },
    { code: 'high', names: n('Yüksək', 'High', 'Высокий', 'Yüksek') },
    { code: 'critical', names: n('Kritik', 'Critical', 'Критический', 'Kritik') },
  ],
  unitOfMeasure: [
    { code: 'pcs', names: n('ədəd', 'piece', 'шт.', 'adet') },
    { code: 'kg', names: n('kiloqram', 'kilogram', 'килограмм', 'kilogram') },
    { code: 'l', names: n('litr', 'litre', 'литр', 'litre') },
    { code: 'm', names: n('metr', 'metre', 'метр', 'metre') },
    { code: 'box', names: n('qutu', 'box', 'коробка', 'kutu') },
    { code: 'set', names: n('dəst', 'set', 'комплект', 'takım') },
  ],
  currency: [
    { code: 'AZN', names: n('Azərbaycan manatı', 'Azerbaijani manat', 'Азербайджанский манат', 'Azerbaycan manatı') },
    { code: 'USD', names: n('ABŞ dolları', 'US dollar', 'Доллар США', 'ABD doları') },
    { code: 'EUR', names: n('Avro', 'Euro', 'Евро', 'Euro') },
    { code: 'TRY', names: n('Türk lirəsi', 'Turkish lira', 'Турецкая лира', 'Türk lirası') },
    { code: 'RUB', names: n('Rusiya rublu', 'Russian rouble', 'Российский рубль', 'Rus rublesi') },
  ],
  documentType: [
    { code: 'letter', names: n('Məktub', 'Letter', 'Письмо', 'Mektup') },
    { code: 'order', names: n('Əmr', 'Order', 'Приказ', 'Emir') },
    { code: 'memo', names: n('Xidməti qeyd', 'Memo', 'Служебная записка', 'İç yazışma') },
    { code: 'act', names: n('Akt', 'Certificate', 'Акт', 'Tutanak') },
    { code: 'application', names: n('Ərizə', 'Application', 'Заявление', 'Dilekçe') },
  ],
  paymentType: [
    { code: 'bankTransfer', names: n('Bank köçürməsi', 'Bank transfer', 'Банковский перевод', 'Banka havalesi') },
    { code: 'cash', names: n('Nağd', 'Cash', 'Наличные', 'Nakit') },
    { code: 'card', names: n('Kart', 'Card', 'Карта', 'Kart') },
    { code: 'prepayment', names: n('Avans', 'Prepayment', 'Предоплата', 'Ön ödeme') },
  ],
};
