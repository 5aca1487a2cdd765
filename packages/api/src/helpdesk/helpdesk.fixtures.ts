import {
  helpdeskDashboard,
  helpdeskReference,
  helpdeskRequest,
  helpdeskRequestDetail,
  type HelpdeskHistoryEntry,
  type HelpdeskPriorityCode,
  type HelpdeskRequest,
  type HelpdeskStatus,
} from '@servicedesk/contracts';
import { z } from 'zod';

/*
 * Fixtures of the help desk (issue #6), parsed by the contracts at import (a drifted fixture
 * fails every test and story that loads it). Names follow the server's demo seed
 * (helpdesk.seed.ts); people are those of usersNameAndIdFixture (global.fixtures): 1 Aysel
 * Məmmədova (the mocks' signed-in admin), 2 Rəşad Əliyev (lead of İT dəstəyi), 3 Günel
 * Həsənova (staff), 4 Tural İsmayıllı (IT executor), 5 Şəbnəm Quliyeva (Anbar).
 */

/** The mocks' clock: every fixture instant is relative to it, and the handlers use it by default. */
export const HELPDESK_MOCK_NOW = '2026-11-20T10:00:00.000Z';

const at = (hoursFromNow: number) => new Date(Date.parse(HELPDESK_MOCK_NOW) + hoursFromNow * 3_600_000).toISOString();
const person = (id: number) => ({ id, name: ['', 'Aysel Məmmədova', 'Rəşad Əliyev', 'Günel Həsənova', 'Tural İsmayıllı', 'Şəbnəm Quliyeva'][id] ?? '', imgPath: null });
const names = (az: string, en: string, ru: string, tr: string) => ({ az, en, ru, tr });

/** Categories, components (one inactive, some needing approval), priorities, groups and hold reasons. */
export const helpdeskReferenceFixture = helpdeskReference.parse({
  categories: [
    { id: 1, name: 'Avadanlıq', names: names('Avadanlıq', 'Hardware', 'Оборудование', 'Donanım'), isActive: true, sortOrder: 0 },
    { id: 2, name: 'Proqram təminatı', names: names('Proqram təminatı', 'Software', 'Программное обеспечение', 'Yazılım'), isActive: true, sortOrder: 1 },
    { id: 3, name: 'Giriş hüquqları', names: names('Giriş hüquqları', 'Access rights', 'Права доступа', 'Erişim hakları'), isActive: true, sortOrder: 2 },
    { id: 4, name: 'Təsərrüfat', names: names('Təsərrüfat', 'Facilities', 'Хозяйственные вопросы', 'Tesis'), isActive: true, sortOrder: 3 },
  ],
  components: [
    { id: 1, categoryId: 1, name: 'Printer və skaner', names: names('Printer və skaner', 'Printer and scanner', 'Принтер и сканер', 'Yazıcı ve tarayıcı'), groupId: 1, groupName: 'İT dəstəyi', requiresApproval: false, isActive: true, sortOrder: 0 },
    { id: 2, categoryId: 1, name: 'Noutbuk', names: names('Noutbuk', 'Laptop', 'Ноутбук', 'Dizüstü bilgisayar'), groupId: 1, groupName: 'İT dəstəyi', requiresApproval: true, isActive: true, sortOrder: 1 },
    { id: 3, categoryId: 1, name: 'Faks', names: names('Faks', 'Fax', 'Факс', 'Faks'), groupId: 1, groupName: 'İT dəstəyi', requiresApproval: false, isActive: false, sortOrder: 2 },
    { id: 4, categoryId: 2, name: 'E-poçt', names: names('E-poçt', 'Email', 'Электронная почта', 'E-posta'), groupId: 1, groupName: 'İT dəstəyi', requiresApproval: false, isActive: true, sortOrder: 0 },
    { id: 5, categoryId: 2, name: 'Proqram quraşdırılması', names: names('Proqram quraşdırılması', 'Software installation', 'Установка программ', 'Yazılım kurulumu'), groupId: 1, groupName: 'İT dəstəyi', requiresApproval: true, isActive: true, sortOrder: 1 },
    { id: 6, categoryId: 3, name: 'VPN', names: names('VPN', 'VPN', 'VPN', 'VPN'), groupId: 1, groupName: 'İT dəstəyi', requiresApproval: true, isActive: true, sortOrder: 0 },
    { id: 7, categoryId: 4, name: 'Mebel', names: names('Mebel', 'Furniture', 'Мебель', 'Mobilya'), groupId: 2, groupName: 'Anbar', requiresApproval: false, isActive: true, sortOrder: 0 },
  ],
  priorities: [
    { code: 'low', name: 'Aşağı', names: names('Aşağı', 'Low', 'Низкий', 'Düşük'), targetMinutes: 7200, sortOrder: 0 },
    { code: 'normal', name: 'Normal', names: names('Normal', 'Normal', 'Обычный', 'Normal'), targetMinutes: 2880, sortOrder: 1 },
    { code: 'high', name: 'Yüksək', names: names('Yüksək', 'High', 'Высокий', 'Yüksek'), targetMinutes: 480, sortOrder: 2 },
    { code: 'critical', name: 'Kritik', names: names('Kritik', 'Critical', 'Критический', 'Kritik'), targetMinutes: 240, sortOrder: 3 },
  ],
  groups: [
    { id: 1, name: 'İT dəstəyi', leadId: 2, members: [person(2), person(4)] },
    { id: 2, name: 'Anbar', leadId: 5, members: [person(5)] },
  ],
  holdReasons: ['waitingRequester', 'waitingVendor', 'waitingParts', 'other'],
});

interface Seed {
  id: number;
  title: string;
  componentId: number;
  priority: HelpdeskPriorityCode;
  requesterId: number;
  assigneeId: number | null;
  status: HelpdeskStatus;
  /** Hours before HELPDESK_MOCK_NOW it was created. */
  age: number;
  /** Hours after creation it was due. */
  due: number;
}

const seeds: Seed[] = [
  { id: 1, title: '3-cü mərtəbədəki printer kağızı sıxır', componentId: 1, priority: 'high', requesterId: 1, assigneeId: null, status: 'NEW', age: 2, due: 8 },
  { id: 2, title: 'Yeni əməkdaş üçün noutbuk', componentId: 2, priority: 'normal', requesterId: 3, assigneeId: null, status: 'NEW', age: 5, due: 48 },
  { id: 3, title: 'Evdən işləmək üçün VPN girişi', componentId: 6, priority: 'normal', requesterId: 1, assigneeId: 4, status: 'APPROVED', age: 20, due: 48 },
  { id: 4, title: 'Outlook poçtu sinxronlaşmır', componentId: 4, priority: 'critical', requesterId: 3, assigneeId: 4, status: 'IN_PROGRESS', age: 30, due: 4 },
  { id: 5, title: 'Zoom proqramının quraşdırılması', componentId: 5, priority: 'low', requesterId: 1, assigneeId: 4, status: 'ON_HOLD', age: 50, due: 120 },
  { id: 6, title: 'Printerdə kartric bitib', componentId: 1, priority: 'normal', requesterId: 3, assigneeId: 4, status: 'RESOLVED', age: 70, due: 48 },
  { id: 7, title: 'Ofis stulu sınıb', componentId: 7, priority: 'low', requesterId: 1, assigneeId: 5, status: 'CLOSED', age: 200, due: 120 },
  { id: 8, title: 'Cannot open the shared drive', componentId: 6, priority: 'high', requesterId: 3, assigneeId: null, status: 'REJECTED', age: 90, due: 8 },
  { id: 9, title: 'Не работает сканер', componentId: 1, priority: 'normal', requesterId: 1, assigneeId: null, status: 'CANCELLED', age: 120, due: 48 },
  { id: 10, title: 'Monitor titrəyir', componentId: 1, priority: 'high', requesterId: 3, assigneeId: 4, status: 'IN_PROGRESS', age: 3, due: 8 },
];

const componentOf = (id: number) => helpdeskReferenceFixture.components.find((c) => c.id === id)!;
const categoryOf = (id: number) => helpdeskReferenceFixture.categories.find((c) => c.id === id)!;
const OPEN: readonly HelpdeskStatus[] = ['NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD'];

/**
 * Ten requests, at least one in every status, of requesters 1 and 3 (ids 1…10, numbers
 * HD-2026-000001…). The only overdue one is #4 (critical, IN_PROGRESS, due 4 h after its
 * creation 30 h before HELPDESK_MOCK_NOW); #5 is ON_HOLD (waiting for the vendor).
 */
export const helpdeskRequestsFixture: HelpdeskRequest[] = z.array(helpdeskRequest).parse(
  seeds.map((s) => {
    const component = componentOf(s.componentId);
    const createdAt = at(-s.age);
    const dueAt = at(-s.age + s.due);
    const group = helpdeskReferenceFixture.groups.find((g) => g.id === component.groupId)!;
    return {
      id: s.id,
      number: `HD-2026-${String(s.id).padStart(6, '0')}`,
      title: s.title,
      description: `${s.title}. @Rəşad Əliyev, zəhmət olmasa baxın.`,
      categoryId: component.categoryId,
      categoryName: categoryOf(component.categoryId).name,
      componentId: component.id,
      componentName: component.name,
      requiresApproval: component.requiresApproval,
      priority: s.priority,
      requester: person(s.requesterId),
      locationId: 1,
      locationName: 'Baş ofis, Bakı',
      groupId: group.id,
      groupName: group.name,
      assignee: s.assigneeId === null ? null : person(s.assigneeId),
      status: s.status,
      holdReason: s.status === 'ON_HOLD' ? 'waitingVendor' : null,
      dueAt,
      onHoldSince: s.status === 'ON_HOLD' ? at(-10) : null,
      heldMs: 0,
      overdue: OPEN.includes(s.status) && s.status !== 'ON_HOLD' && Date.parse(dueAt) < Date.parse(HELPDESK_MOCK_NOW),
      solution: s.status === 'RESOLVED' || s.status === 'CLOSED' ? 'Kartric dəyişdirildi.' : null,
      createdAt,
      updatedAt: at(-s.age + 1),
      resolvedAt: s.status === 'RESOLVED' || s.status === 'CLOSED' ? at(-s.age + 10) : null,
      closedAt: ['CLOSED', 'REJECTED', 'CANCELLED'].includes(s.status) ? at(-s.age + 20) : null,
    };
  }),
);

/** The creation row of each fixture request's history (the handlers append the transitions). */
export function creationEntry(request: HelpdeskRequest, id: number): HelpdeskHistoryEntry {
  return { id, action: 'create', fromStatus: null, toStatus: 'NEW', actor: request.requester, comment: null, details: null, createdAt: request.createdAt };
}

/** The detail of request #4 (IN_PROGRESS, assigned to Tural) as its requester Günel sees it. */
export const helpdeskRequestDetailFixture = helpdeskRequestDetail.parse({
  request: helpdeskRequestsFixture[3],
  history: [
    creationEntry(helpdeskRequestsFixture[3]!, 1),
    { id: 2, action: 'assign', fromStatus: 'NEW', toStatus: 'NEW', actor: person(2), comment: null, details: { assigneeId: 4, assigneeName: 'Tural İsmayıllı' }, createdAt: at(-29) },
    { id: 3, action: 'repair', fromStatus: 'NEW', toStatus: 'IN_PROGRESS', actor: person(4), comment: null, details: { assigneeId: 4 }, createdAt: at(-28) },
  ],
  comments: [{ id: 1, author: person(4), text: 'Hesabınızı yoxlayıram, @Günel Həsənova.', createdAt: at(-27) }],
  attachments: [{ id: 701, name: 'outlook-xəta.png', url: 'files/701', type: 'helpdeskRequest', mime: 'image/png', sizeBytes: 48_213 }],
  allowedActions: [],
});

/** Dashboard figures for widget stories (the handlers compute the real ones from their state). */
export const helpdeskDashboardFixture = helpdeskDashboard.parse({
  myOpen: 3,
  overdue: 1,
  myGroupQueue: 2,
  assignedToMe: 0,
  byStatus: [
    { status: 'NEW', count: 2 },
    { status: 'APPROVED', count: 1 },
    { status: 'IN_PROGRESS', count: 2 },
    { status: 'ON_HOLD', count: 1 },
    { status: 'RESOLVED', count: 1 },
    { status: 'CLOSED', count: 1 },
    { status: 'REJECTED', count: 1 },
    { status: 'CANCELLED', count: 1 },
  ],
  byPriority: [
    { priority: 'low', count: 1 },
    { priority: 'normal', count: 2 },
    { priority: 'high', count: 2 },
    { priority: 'critical', count: 1 },
  ],
});
