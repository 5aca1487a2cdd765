import { count, eq, inArray, sql } from 'drizzle-orm';
import type { HelpdeskAction, HelpdeskHoldReason, HelpdeskPriorityCode, HelpdeskStatus, LocalizedNames } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { groupMembers, groups, helpdeskCategories, helpdeskComponents, helpdeskPriorities, helpdeskRequests, locations, users } from '../../db/schema';
import * as repo from './helpdesk.repository';
import { startSeededHelpdeskApproval } from './helpdesk.approval';
import { formatNumber, numberingYear } from './helpdesk.service';

/*
 * The help desk's demo data (DOMAIN.md "Demo data"): priorities with target times, categories
 * and components served by the demo groups, and a few dozen requests in every status with a
 * plausible history. Idempotent: reference rows are found again by code; the demo requests are
 * written only while the table is empty. A demo request that needs approval and is still NEW gets
 * its approval chain on the engine with it (issue #11), so it waits in the group lead's "my
 * approvals".
 */

const n = (az: string, en: string, ru: string, tr: string): LocalizedNames => ({ az, en, ru, tr });

/** Priorities and their target times in minutes (critical 4 h, high 1 working day, …). */
export const prioritySeeds: { code: HelpdeskPriorityCode; names: LocalizedNames; targetMinutes: number }[] = [
  { code: 'low', names: n('Aşağı', 'Low', 'Низкий', 'Düşük'), targetMinutes: 5 * 24 * 60 },
  { code: 'normal', names: n('Normal', 'Normal', 'Обычный', 'Normal'), targetMinutes: 2 * 24 * 60 },
  { code: 'high', names: n('Yüksək', 'High', 'Высокий', 'Yüksek'), targetMinutes: 8 * 60 },
  { code: 'critical', names: n('Kritik', 'Critical', 'Критический', 'Kritik'), targetMinutes: 4 * 60 },
];

/** The IT support group's name in the org seed (seed/catalog.ts IT_SUPPORT_GROUP). */
const IT = 'İT dəstəyi';
const WAREHOUSE = 'Anbar';

interface ComponentSeed {
  code: string;
  names: LocalizedNames;
  group: string;
  requiresApproval?: boolean;
}

/** Categories → components, with the group that serves each and whether it needs approval. */
export const categorySeeds: { code: string; names: LocalizedNames; components: ComponentSeed[] }[] = [
  {
    code: 'hardware',
    names: n('Avadanlıq', 'Hardware', 'Оборудование', 'Donanım'),
    components: [
      { code: 'printer', names: n('Printer və skaner', 'Printer and scanner', 'Принтер и сканер', 'Yazıcı ve tarayıcı'), group: IT },
      { code: 'laptop', names: n('Noutbuk', 'Laptop', 'Ноутбук', 'Dizüstü bilgisayar'), group: IT, requiresApproval: true },
      { code: 'workstation', names: n('Kompüter və monitor', 'Computer and monitor', 'Компьютер и монитор', 'Bilgisayar ve monitör'), group: IT },
    ],
  },
  {
    code: 'software',
    names: n('Proqram təminatı', 'Software', 'Программное обеспечение', 'Yazılım'),
    components: [
      { code: 'install', names: n('Proqram quraşdırılması', 'Software installation', 'Установка программ', 'Yazılım kurulumu'), group: IT, requiresApproval: true },
      { code: 'email', names: n('E-poçt', 'Email', 'Электронная почта', 'E-posta'), group: IT },
      { code: 'accounting', names: n('1C mühasibat', '1C accounting', '1С Бухгалтерия', '1C muhasebe'), group: IT },
    ],
  },
  {
    code: 'access',
    names: n('Giriş hüquqları', 'Access rights', 'Права доступа', 'Erişim hakları'),
    components: [
      { code: 'vpn', names: n('VPN', 'VPN', 'VPN', 'VPN'), group: IT, requiresApproval: true },
      { code: 'account', names: n('Hesab və parol', 'Account and password', 'Учётная запись и пароль', 'Hesap ve parola'), group: IT },
      { code: 'shared-folder', names: n('Şəbəkə qovluğu', 'Shared folder', 'Сетевая папка', 'Ağ klasörü'), group: IT, requiresApproval: true },
    ],
  },
  {
    code: 'network',
    names: n('Şəbəkə', 'Network', 'Сеть', 'Ağ'),
    components: [
      { code: 'wifi', names: n('Wi-Fi', 'Wi-Fi', 'Wi-Fi', 'Wi-Fi'), group: IT },
      { code: 'internet', names: n('İnternet', 'Internet', 'Интернет', 'İnternet'), group: IT },
    ],
  },
  {
    code: 'facilities',
    names: n('Təsərrüfat', 'Facilities', 'Хозяйственные вопросы', 'Tesis'),
    components: [
      { code: 'furniture', names: n('Mebel', 'Furniture', 'Мебель', 'Mobilya'), group: WAREHOUSE },
      { code: 'supplies', names: n('Dəftərxana ləvazimatı', 'Office supplies', 'Канцтовары', 'Kırtasiye'), group: WAREHOUSE },
    ],
  },
];

/** Demo titles and descriptions (mostly Azerbaijani, some English and Russian), by component code. */
const demoTexts: { component: string; title: string; description: string }[] = [
  { component: 'printer', title: '3-cü mərtəbədəki printer kağızı sıxır', description: 'Hər çapda kağız ilişir, ekranda "Paper jam" yazılır. Təcili sənədlər var.' },
  { component: 'laptop', title: 'Yeni əməkdaş üçün noutbuk', description: 'Maliyyə şöbəsinə gələn yeni mühasib üçün noutbuk lazımdır, bazar ertəsindən başlayır.' },
  { component: 'email', title: 'Outlook poçtu sinxronlaşmır', description: 'Dünəndən bəri yeni məktublar gəlmir, göndərilənlər isə "Outbox"da qalır.' },
  { component: 'vpn', title: 'Evdən işləmək üçün VPN girişi', description: 'Gələn həftə uzaqdan işləyəcəyəm, VPN hesabı açılmasını xahiş edirəm.' },
  { component: 'wifi', title: 'İclas otağında Wi-Fi çox zəifdir', description: 'Böyük iclas otağında siqnal tez-tez itir, videozənglər kəsilir.' },
  { component: 'workstation', title: 'Monitor titrəyir', description: 'Sol monitorun görüntüsü titrəyir, kabel dəyişdim, kömək etmədi.' },
  { component: 'install', title: '1C proqramının quraşdırılması', description: 'Yeni kompüterə 1C:Mühasibat proqramını quraşdırmaq lazımdır.' },
  { component: 'account', title: 'Parolun sıfırlanması', description: 'Parolumu unutmuşam, hesab bloklanıb.' },
  { component: 'shared-folder', title: 'Hüquq şöbəsinin qovluğuna giriş', description: '"Müqavilələr" şəbəkə qovluğuna oxuma hüququ lazımdır.' },
  { component: 'internet', title: 'Gəncə filialında internet yavaşdır', description: 'Səhərdən bəri internet sürəti çox aşağıdır, 1C açılmır.' },
  { component: 'furniture', title: 'Ofis stulu sınıb', description: '214-cü otaqda stulun ayağı sınıb, dəyişdirilməsi lazımdır.' },
  { component: 'supplies', title: 'Dəftərxana ləvazimatı sifarişi', description: 'A4 kağız (5 qutu), qələm və qeyd dəftərləri lazımdır.' },
  { component: 'printer', title: 'Printerdə kartric bitib', description: 'Mühasibatlıqdakı HP printerin qara kartrici bitib.' },
  { component: 'workstation', title: 'Klaviatura işləmir', description: 'Bəzi düymələr basılmır, xüsusilə "Ə" və "Ş".' },
  { component: 'email', title: 'Mobil telefona korporativ poçt', description: 'Telefonda korporativ poçtu qurmağa kömək lazımdır.' },
  { component: 'workstation', title: 'Kompüter çox yavaşdır', description: 'Kompüter açılışı 10 dəqiqə çəkir, proqramlar donur.' },
  { component: 'install', title: 'Zoom proqramının quraşdırılması', description: 'Xarici tərəfdaşlarla görüşlər üçün Zoom lazımdır.' },
  { component: 'account', title: 'Yeni əməkdaş üçün hesab yaradılması', description: 'Hüquq şöbəsinə yeni hüquqşünas gəlir, domen hesabı və poçt lazımdır.' },
  { component: 'shared-folder', title: 'Cannot open the shared drive', description: 'The S: drive says "access denied" since this morning.' },
  { component: 'workstation', title: 'Request for a second monitor', description: 'I work with large spreadsheets; a second monitor would help a lot.' },
  { component: 'laptop', title: 'Laptop battery drains quickly', description: 'The battery lasts less than an hour now.' },
  { component: 'internet', title: 'Teams calls keep dropping', description: 'Calls drop every few minutes on the office network.' },
  { component: 'printer', title: 'Не работает сканер', description: 'Сканер на втором этаже не отправляет файлы на почту.' },
  { component: 'accounting', title: 'Нужен доступ к 1С', description: 'Прошу открыть доступ к базе 1С для нового сотрудника бухгалтерии.' },
  { component: 'printer', title: 'Замена картриджа в бухгалтерии', description: 'Картридж закончился, печать бледная.' },
  { component: 'wifi', title: 'Медленный интернет в филиале', description: 'В Гянджинском филиале очень медленный Wi-Fi.' },
  { component: 'accounting', title: '1C hesabatı xəta verir', description: 'ƏDV hesabatını formalaşdıranda "Sahə tapılmadı" xətası çıxır.' },
  { component: 'vpn', title: 'VPN bağlantısı qopur', description: 'Evdən qoşulanda hər 15 dəqiqədən bir VPN kəsilir.' },
  { component: 'email', title: 'Poçt qutusu doludur', description: 'Poçt qutusunun həcmi dolub, yeni məktublar gəlmir.' },
  { component: 'furniture', title: 'Yeni masa lazımdır', description: 'Yeni əməkdaş üçün 3-cü mərtəbədə iş masası lazımdır.' },
  { component: 'supplies', title: 'Printer kağızı bitib', description: 'Qəbul otağında A4 kağız qalmayıb.' },
  { component: 'workstation', title: 'Siçan işləmir', description: 'Simsiz siçan kompüterə qoşulmur, batareyanı dəyişdim.' },
  { component: 'internet', title: 'Sayt açılmır', description: 'Dövlət satınalmalar portalı ofis şəbəkəsindən açılmır.' },
  { component: 'laptop', title: 'Noutbukun ekranı çatlayıb', description: 'Noutbuk yerə düşüb, ekranın küncü çatlayıb.' },
  { component: 'install', title: 'Adobe Reader yenilənməsi', description: 'PDF faylları açılmır, proqramın yenilənməsi lazımdır.' },
  { component: 'account', title: 'Hesab bloklanıb', description: 'Üç dəfə səhv parol yazdım, hesab bloklandı.' },
];

/** The status each demo request ends in (in order of demoTexts), so every status has several; three that need approval stay NEW (the lead's my approvals). */
const demoStatuses: HelpdeskStatus[] = [
  'ON_HOLD', 'APPROVED', 'IN_PROGRESS', 'NEW', 'RESOLVED', 'CLOSED', 'NEW', 'CANCELLED',
  'IN_PROGRESS', 'NEW', 'REJECTED', 'CLOSED', 'IN_PROGRESS', 'RESOLVED', 'CLOSED', 'ON_HOLD',
  'APPROVED', 'IN_PROGRESS', 'NEW', 'CLOSED', 'CANCELLED', 'IN_PROGRESS', 'RESOLVED', 'ON_HOLD',
  'CLOSED', 'NEW', 'IN_PROGRESS', 'REJECTED', 'RESOLVED', 'IN_PROGRESS', 'CLOSED', 'NEW',
  'CANCELLED', 'APPROVED', 'CLOSED', 'IN_PROGRESS',
];

const requesterEmails = [
  'employee@servicedesk.az', 'clerk@servicedesk.az', 'accountant@servicedesk.az', 'director@servicedesk.az',
  'lawyer@servicedesk.az', 'visapool@servicedesk.az', 'warehouse@servicedesk.az', 'admin@servicedesk.az',
];

const holdReasons: HelpdeskHoldReason[] = ['waitingRequester', 'waitingVendor', 'waitingParts'];
const priorityCycle: HelpdeskPriorityCode[] = ['normal', 'high', 'low', 'critical', 'normal', 'normal', 'high', 'low'];

/** Writes the priorities, categories and components when missing. Answers component ids by code. */
export async function seedHelpdeskReference(tx: Db): Promise<Map<string, typeof helpdeskComponents.$inferSelect>> {
  for (const [index, p] of prioritySeeds.entries()) {
    await tx.insert(helpdeskPriorities).values({ ...p, sortOrder: index }).onConflictDoNothing();
  }
  const groupIds = new Map((await tx.select({ id: groups.id, name: groups.name }).from(groups)).map((g) => [g.name, g.id]));
  for (const [ci, category] of categorySeeds.entries()) {
    await tx.insert(helpdeskCategories).values({ code: category.code, names: category.names, sortOrder: ci }).onConflictDoNothing();
    const [row] = await tx.select({ id: helpdeskCategories.id }).from(helpdeskCategories).where(eq(helpdeskCategories.code, category.code));
    if (!row) continue;
    for (const [pi, component] of category.components.entries()) {
      const groupId = groupIds.get(component.group) ?? groupIds.values().next().value;
      if (groupId === undefined) continue;
      await tx
        .insert(helpdeskComponents)
        .values({ code: component.code, categoryId: row.id, names: component.names, groupId, requiresApproval: component.requiresApproval ?? false, sortOrder: pi })
        .onConflictDoNothing();
    }
  }
  const rows = await tx.select().from(helpdeskComponents);
  return new Map(rows.filter((c) => c.code !== null).map((c) => [c.code as string, c]));
}

/** The path of actions that takes a request to `status` (approval first where needed). */
function pathTo(status: HelpdeskStatus, needsApproval: boolean, variant: number): HelpdeskAction[] {
  const start: HelpdeskAction[] = needsApproval ? ['approve'] : [];
  const work: HelpdeskAction[] = [...start, 'assign', 'repair'];
  switch (status) {
    case 'NEW':
      return [];
    case 'APPROVED':
      return needsApproval ? ['approve'] : [];
    case 'IN_PROGRESS':
      return variant % 3 === 0 ? [...work, 'hold', 'resume'] : work;
    case 'ON_HOLD':
      return [...work, 'hold'];
    case 'RESOLVED':
      return [...work, 'resolve'];
    case 'CLOSED':
      return variant % 2 === 0 ? [...work, 'resolve', 'confirm'] : [...work, 'resolve', 'reopen', 'resolve', 'confirm'];
    case 'REJECTED':
      return ['reject'];
    case 'CANCELLED':
      return ['cancel'];
  }
}

const nextStatus: Record<HelpdeskAction, HelpdeskStatus | null> = {
  approve: 'APPROVED', reject: 'REJECTED', assign: null, repair: 'IN_PROGRESS', hold: 'ON_HOLD', resume: 'IN_PROGRESS',
  resolve: 'RESOLVED', confirm: 'CLOSED', reopen: 'IN_PROGRESS', cancel: 'CANCELLED',
};

const comments: Partial<Record<HelpdeskAction, string>> = {
  reject: 'Bu sorğu İT dəstəyinin işinə aid deyil, təsərrüfat şöbəsinə müraciət edin.',
  hold: 'Ehtiyat hissəsi sifariş olunub, gələndən sonra davam edəcəyik.',
  reopen: 'Problem yenidən təkrarlanır.',
};

/**
 * Writes the demo requests when the table is empty: {@link demoTexts} with the statuses of
 * {@link demoStatuses}, created over the last three weeks by the demo requesters, worked on by
 * the IT executor (assigned by the lead), with history rows for every step; the NEW ones that
 * need approval are submitted to the approval engine (created-at as the submission time).
 */
export async function seedHelpdeskRequests(tx: Db, now = new Date()): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(helpdeskRequests);
  if ((existing?.n ?? 0) > 0) return 0;
  const components = await seedHelpdeskReference(tx);
  const people = new Map(
    (await tx.select({ id: users.id, email: users.email, userTypeId: users.userTypeId, locationId: users.locationId }).from(users).where(inArray(sql`lower(${users.email})`, [...requesterEmails, 'lead@servicedesk.az', 'executor@servicedesk.az']))).map(
      (u) => [u.email.toLowerCase(), u],
    ),
  );
  const priorities = new Map((await tx.select().from(helpdeskPriorities)).map((p) => [p.code, p.targetMinutes]));
  const members = await tx.select().from(groupMembers);
  const [anyLocation] = await tx.select({ id: locations.id }).from(locations).limit(1);
  let written = 0;
  for (const [index, text] of demoTexts.entries()) {
    const component = components.get(text.component);
    const requester = people.get(requesterEmails[index % requesterEmails.length]!);
    if (!component || !requester) continue;
    const status = demoStatuses[index % demoStatuses.length]!;
    const lead = members.find((m) => m.groupId === component.groupId && m.isLead)?.userId ?? null;
    const worker = members.find((m) => m.groupId === component.groupId && !m.isLead)?.userId ?? lead;
    const priority = priorityCycle[index % priorityCycle.length]!;
    // Spread over three weeks; a few recent high ones stay within their target.
    const createdAt = new Date(now.getTime() - ((index * 13) % 21) * 86_400_000 - ((index * 7) % 24) * 3_600_000 - 3_600_000);
    const year = numberingYear(createdAt);
    const seq = await repo.nextNumber(tx, year);
    let dueAt = new Date(createdAt.getTime() + (priorities.get(priority) ?? 2880) * 60_000);
    const row = await repo.insertRequest(tx, {
      number: formatNumber(year, seq),
      year,
      seq,
      title: text.title,
      description: text.description,
      categoryId: component.categoryId,
      componentId: component.id,
      priority,
      requesterId: requester.id,
      locationId: requester.locationId ?? anyLocation?.id ?? null,
      groupId: component.groupId,
      status: 'NEW',
      dueAt,
      createdAt,
      updatedAt: createdAt,
    });
    const history: repo.HistoryInsert[] = [{ requestId: row.id, action: 'create', fromStatus: null, toStatus: 'NEW', actorId: requester.id, createdAt }];
    let current: HelpdeskStatus = 'NEW';
    let at = createdAt.getTime();
    let heldMs = 0;
    let onHoldSince: Date | null = null;
    let assigneeId: number | null = null;
    let solution: string | null = null;
    let resolvedAt: Date | null = null;
    let closedAt: Date | null = null;
    let holdReason: HelpdeskHoldReason | null = null;
    const steps = pathTo(status, component.requiresApproval, index);
    // A RESOLVED one is resolved within the last two days, so the auto-close job leaves it be.
    if (status === 'RESOLVED') at = Math.max(at, now.getTime() - 2 * 86_400_000);
    // Steps are spaced so the last one lands before now.
    const gap = Math.max(60_000, Math.floor((now.getTime() - at - 60_000) / (steps.length + 1)));
    for (const action of steps) {
      at += gap;
      const stamp = new Date(at);
      const actor =
        action === 'approve' || action === 'assign' || action === 'reject'
          ? lead
          : action === 'confirm' || action === 'reopen' || action === 'cancel'
            ? requester.id
            : worker;
      const details: Record<string, unknown> = {};
      if (action === 'assign' || action === 'repair') {
        assigneeId = worker;
        details.assigneeId = worker;
      }
      if (action === 'hold') {
        onHoldSince = stamp;
        holdReason = holdReasons[index % holdReasons.length]!;
        details.holdReason = holdReason;
      }
      if (action === 'resume' && onHoldSince) {
        const held = at - onHoldSince.getTime();
        heldMs += held;
        dueAt = new Date(dueAt.getTime() + held);
        onHoldSince = null;
        details.heldMs = held;
      }
      if (action === 'resolve') {
        solution = 'Problem aradan qaldırıldı: avadanlıq yoxlanıldı, parametrlər yeniləndi.';
        resolvedAt = stamp;
        details.solution = solution;
      }
      if (action === 'reopen') resolvedAt = null;
      if (action === 'confirm' || action === 'reject' || action === 'cancel') closedAt = stamp;
      const to: HelpdeskStatus = nextStatus[action] ?? current;
      history.push({ requestId: row.id, action, fromStatus: current, toStatus: to, actorId: actor, comment: comments[action] ?? null, details: Object.keys(details).length ? details : null, createdAt: stamp });
      current = to;
    }
    await repo.updateRequest(tx, row.id, { status: current, assigneeId, heldMs, onHoldSince, holdReason, dueAt, solution, resolvedAt, closedAt, updatedAt: new Date(at) });
    await repo.insertHistory(tx, history);
    if (current === 'NEW' && component.requiresApproval) {
      await startSeededHelpdeskApproval(tx, { id: requester.id, email: requester.email, userTypeId: requester.userTypeId }, row);
    }
    written++;
  }
  return written;
}

/** The whole help-desk seed: reference data, then the demo requests (each step idempotent). */
export async function seedHelpdesk(tx: Db, now = new Date()): Promise<void> {
  await seedHelpdeskReference(tx);
  await seedHelpdeskRequests(tx, now);
}
