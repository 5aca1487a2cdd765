import type { CheckboxTreeNode } from './model';

/** A slice of the permission catalogue (menus with their actions), for stories and tests. */
export const permissionTree: CheckboxTreeNode[] = [
  {
    key: 'helpdesk',
    label: 'Helpdesk',
    children: [
      {
        key: 'helpdesk.requests',
        label: 'Requests',
        children: [
          { key: 'helpdesk.requests.create', label: 'Create' },
          { key: 'helpdesk.requests.approve', label: 'Approve' },
          { key: 'helpdesk.requests.reject', label: 'Reject' },
        ],
      },
      { key: 'helpdesk.categories', label: 'Categories' },
    ],
  },
  {
    key: 'admin',
    label: 'Administration',
    children: [
      {
        key: 'admin.users',
        label: 'Users',
        children: [
          { key: 'admin.users.create', label: 'Create user' },
          { key: 'admin.users.delete', label: 'Delete user' },
        ],
      },
      { key: 'admin.userTypes', label: 'User types' },
    ],
  },
  { key: 'news', label: 'News' },
];

/** Five levels deep, for keyboard navigation across levels. */
export const deepTree: CheckboxTreeNode[] = [
  {
    key: 'l1',
    label: 'Documents',
    children: [
      {
        key: 'l1.l2',
        label: 'Circulation',
        children: [
          {
            key: 'l1.l2.l3',
            label: 'Incoming',
            children: [
              {
                key: 'l1.l2.l3.l4',
                label: 'Registry',
                children: [
                  { key: 'l1.l2.l3.l4.read', label: 'Read' },
                  { key: 'l1.l2.l3.l4.approve', label: 'Approve' },
                ],
              },
              { key: 'l1.l2.l3.archive', label: 'Archive' },
            ],
          },
          { key: 'l1.l2.outgoing', label: 'Outgoing' },
        ],
      },
    ],
  },
  { key: 'finance', label: 'Finance' },
];

/** Long Azerbaijani and Russian labels: they wrap, never overflow. */
export const longLabelTree: CheckboxTreeNode[] = [
  {
    key: 'inventory',
    label:
      'İnventarizasiya və anbar əməliyyatlarının idarə edilməsi (materialların qəbulu, verilməsi)',
    children: [
      {
        key: 'inventory.writeOff',
        label:
          'Köhnəlmiş və istifadəyə yararsız əsas vəsaitlərin silinməsi üçün müraciətlərin təsdiqlənməsi',
      },
      {
        key: 'inventory.transfer',
        label: 'Перемещение материальных ценностей между складами и ответственными сотрудниками',
      },
    ],
  },
  {
    key: 'finance',
    label: 'Финансовые отчёты о задолженности поставщиков и импорт данных из 1С: Бухгалтерия',
    children: [
      { key: 'finance.comment', label: 'Комментирование отчётов' },
      { key: 'finance.status', label: 'Hesabatların statusunun dəyişdirilməsi' },
    ],
  },
];
