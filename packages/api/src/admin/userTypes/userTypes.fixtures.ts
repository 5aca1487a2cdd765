import { userTypeList, type PermissionNode, type UserTypeRow } from '@servicedesk/contracts';

/*
 * Fixtures of the user types administration, parsed by the contracts at import (a drifted
 * fixture fails every test and story that loads it).
 */

/** A catalogue node as the server describes it (no flags yet). */
interface CatalogueNode {
  key: string;
  kind: 'menu' | 'action';
  captionKey: string;
  children?: CatalogueNode[];
}

const menu = (key: string, caption: string, children: CatalogueNode[] = []): CatalogueNode => ({
  key,
  kind: 'menu',
  captionKey: `layout.menu.${caption}`,
  children,
});
const action = (key: string): CatalogueNode => ({
  key,
  kind: 'action',
  captionKey: `permissions.actions.${key.split('.').pop() ?? key}`,
});

/** A small copy of the server's catalogue (apps/server/src/seed/catalog.ts) for the mocks. */
export const catalogueFixture: CatalogueNode[] = [
  menu('dashboard', 'dashboard'),
  menu('helpdesk', 'helpdesk', [
    menu('helpdesk.requests', 'helpdeskRequests', [
      action('helpdesk.requests.create'),
      action('helpdesk.requests.approve'),
      action('helpdesk.requests.reject'),
    ]),
  ]),
  menu('news', 'news', [action('news.create'), action('news.comment')]),
  menu('administration', 'administration', [
    menu('admin.users', 'users', [
      action('admin.users.create'),
      action('admin.users.update'),
      action('admin.users.deactivate'),
      action('admin.users.resetPassword'),
      action('admin.users.reactivate'),
    ]),
    menu('admin.userTypes', 'userTypes', [action('admin.userTypes.create'), action('admin.userTypes.update'), action('admin.userTypes.copy')]),
    menu('admin.permissions', 'permissions'),
    menu('admin.directory', 'directory', [action('admin.directory.sync')]),
  ]),
  menu('loginHistory', 'loginHistory', [action('loginHistory.all')]),
  menu('profile', 'profile'),
];

/** Every action key of {@link catalogueFixture}, parents first. */
export function catalogueKeys(nodes: CatalogueNode[] = catalogueFixture): string[] {
  return nodes.flatMap((n) => [n.key, ...catalogueKeys(n.children ?? [])]);
}

/** Menu items that only expand (their flag follows their children). */
const containers = new Set(['helpdesk', 'administration']);

/**
 * The permission tree of a type holding `grants` (what GET /api/admin/userTypes/{id} answers):
 * a container is checked when any child is.
 */
export function permissionTree(grants: ReadonlySet<string>, nodes: CatalogueNode[] = catalogueFixture): PermissionNode[] {
  return nodes.map((n) => {
    const children = permissionTree(grants, n.children ?? []);
    const isChecked = containers.has(n.key) ? children.some((c) => c.isChecked) : grants.has(n.key);
    return { key: n.key, captionKey: n.captionKey, kind: n.kind, isChecked, children };
  });
}

const everyone = ['dashboard', 'helpdesk.requests', 'helpdesk.requests.create', 'news', 'news.comment', 'loginHistory', 'profile'];

/** What each fixture type may use ('*' = everything). */
export const userTypeGrantsFixture: Record<number, string[] | '*'> = {
  1: '*',
  2: everyone,
  3: [...everyone, 'helpdesk.requests.approve', 'helpdesk.requests.reject'],
};

/** The user types list (names per language; `name` in az). */
export const userTypesFixture: UserTypeRow[] = userTypeList.parse([
  {
    id: 1,
    key: 'admin',
    name: 'Administrator',
    names: { az: 'Administrator', en: 'Administrator', ru: 'Администратор', tr: 'Yönetici' },
    userCount: 1,
    createdAt: '2026-01-10T08:00:00.000Z',
  },
  {
    id: 2,
    key: 'employee',
    name: 'Əməkdaş',
    names: { az: 'Əməkdaş', en: 'Employee', ru: 'Сотрудник', tr: 'Çalışan' },
    userCount: 4,
    createdAt: '2026-01-10T08:00:00.000Z',
  },
  {
    id: 3,
    key: 'groupLead',
    name: 'Qrup rəhbəri',
    names: { az: 'Qrup rəhbəri', en: 'Group lead', ru: 'Руководитель группы', tr: 'Grup lideri' },
    userCount: 1,
    createdAt: '2026-01-10T08:00:00.000Z',
  },
]);

/** The grants of a fixture type as a set ('*' expanded to the whole catalogue). */
export function grantsOf(typeId: number): Set<string> {
  const grants = userTypeGrantsFixture[typeId] ?? [];
  return new Set(grants === '*' ? catalogueKeys() : grants);
}
