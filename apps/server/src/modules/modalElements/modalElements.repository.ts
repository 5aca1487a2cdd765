import { and, asc, eq, inArray, like, ne, or } from 'drizzle-orm';
import type { ModalElementKind } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { modalElements, users } from '../../db/schema';

/** A row of modal_elements. */
export type ModalElementRow = typeof modalElements.$inferSelect;
/** A row with its author's name. */
export type ModalElementWithAuthor = ModalElementRow & { createdByName: string | null };

const withAuthor = {
  element: modalElements,
  firstName: users.firstName,
  lastName: users.lastName,
};

type Joined = { element: ModalElementRow; firstName: string | null; lastName: string | null };
const flatten = (r: Joined): ModalElementWithAuthor => ({
  ...r.element,
  createdByName: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
});

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The elements of one kind by name (active only unless `includeInactive`); with `foldedSearch`
 * (already folded by normalizeForSearch) only those whose folded name contains it or whose TIN
 * starts with it.
 */
export async function listOf(db: Db, kind: ModalElementKind, includeInactive: boolean, foldedSearch = ''): Promise<ModalElementWithAuthor[]> {
  const rows = await db
    .select(withAuthor)
    .from(modalElements)
    .leftJoin(users, eq(users.id, modalElements.createdBy))
    .where(
      and(
        eq(modalElements.kind, kind),
        includeInactive ? undefined : eq(modalElements.isActive, true),
        foldedSearch === ''
          ? undefined
          : or(like(modalElements.nameKey, `%${likeLiteral(foldedSearch)}%`), like(modalElements.tin, `${likeLiteral(foldedSearch)}%`)),
      ),
    )
    .orderBy(asc(modalElements.nameKey), asc(modalElements.id));
  return rows.map(flatten);
}

/** One element of `kind`, or undefined. */
export async function findOne(db: Db, kind: ModalElementKind, id: number): Promise<ModalElementWithAuthor | undefined> {
  const [row] = await db
    .select(withAuthor)
    .from(modalElements)
    .leftJoin(users, eq(users.id, modalElements.createdBy))
    .where(and(eq(modalElements.kind, kind), eq(modalElements.id, id)));
  return row ? flatten(row) : undefined;
}

/** Another element of `kind` with the same folded name (active or not), or undefined. */
export async function findByNameKey(db: Db, kind: ModalElementKind, nameKey: string, exceptId?: number) {
  const [row] = await db
    .select({ id: modalElements.id, name: modalElements.name })
    .from(modalElements)
    .where(and(eq(modalElements.kind, kind), eq(modalElements.nameKey, nameKey), exceptId ? ne(modalElements.id, exceptId) : undefined));
  return row;
}

/** Another counterparty (among `kinds`) with this TIN, or undefined. */
export async function findByTin(db: Db, kinds: readonly ModalElementKind[], tin: string, exceptId?: number) {
  const [row] = await db
    .select({ id: modalElements.id, kind: modalElements.kind, name: modalElements.name })
    .from(modalElements)
    .where(and(inArray(modalElements.kind, [...kinds]), eq(modalElements.tin, tin), exceptId ? ne(modalElements.id, exceptId) : undefined));
  return row;
}

/** Inserts one element → its id. */
export async function insert(db: Db, values: typeof modalElements.$inferInsert): Promise<number> {
  const [row] = await db.insert(modalElements).values(values).returning({ id: modalElements.id });
  return row!.id;
}

/** Updates one element. */
export async function update(db: Db, id: number, values: Partial<typeof modalElements.$inferInsert>): Promise<void> {
  await db.update(modalElements).set(values).where(eq(modalElements.id, id));
}
