import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  HelpdeskCategory,
  HelpdeskComponent,
  HelpdeskPriority,
  HelpdeskPriorityCode,
  LanguageCode,
  helpdeskCategoryInput,
  helpdeskComponentInput,
  helpdeskPriorityInput,
} from '@servicedesk/contracts';
import { helpdeskCategories, helpdeskComponents, helpdeskPriorities } from '../../db/schema';
import { AppError, domainRule, notFound } from '../../lib/errors';
import type { AppDeps } from '../../types';
import * as repo from './helpdesk.repository';
import { localName } from './helpdesk.service';

/*
 * The help desk's reference data as admins edit it (issue #6 "Admin: categories, components …,
 * priorities with their target times"); every call needs a helpdesk.categories.* key (routes).
 * Something in use is never deleted (409 `inUse`): deactivate it instead, old requests keep it.
 */

type CategoryInput = z.output<typeof helpdeskCategoryInput>;
type ComponentInput = z.output<typeof helpdeskComponentInput>;
type PriorityInput = z.output<typeof helpdeskPriorityInput>;

const toCategory = (row: typeof helpdeskCategories.$inferSelect, lang: LanguageCode): HelpdeskCategory => ({
  id: row.id,
  name: localName(row.names, lang),
  names: row.names,
  isActive: row.isActive,
  sortOrder: row.sortOrder,
});

/** POST /api/helpdesk/categories: a new category. */
export async function createCategory(deps: AppDeps, input: CategoryInput, lang: LanguageCode): Promise<HelpdeskCategory> {
  const [row] = await deps.db.insert(helpdeskCategories).values(input).returning();
  if (!row) throw new Error('helpdesk: category insert returned nothing');
  return toCategory(row, lang);
}

/** PUT /api/helpdesk/categories/{id}: names, active flag, order; 404 unknown id. */
export async function updateCategory(deps: AppDeps, id: number, input: CategoryInput, lang: LanguageCode): Promise<HelpdeskCategory> {
  const [row] = await deps.db.update(helpdeskCategories).set(input).where(eq(helpdeskCategories.id, id)).returning();
  if (!row) throw notFound('No such category.');
  return toCategory(row, lang);
}

/** DELETE /api/helpdesk/categories/{id}: only an unused category without components (409 `inUse`). */
export async function deleteCategory(deps: AppDeps, id: number): Promise<void> {
  if (!(await repo.findCategory(deps.db, id))) throw notFound('No such category.');
  if ((await repo.requestsUsing(deps.db, 'categoryId', id)) || (await repo.componentsOfCategory(deps.db, id)) > 0) {
    throw new AppError(409, 'inUse', 'The category has components or requests; deactivate it instead.');
  }
  await deps.db.delete(helpdeskCategories).where(eq(helpdeskCategories.id, id));
}

async function checkComponentRefs(deps: AppDeps, input: ComponentInput): Promise<string> {
  if (!(await repo.findCategory(deps.db, input.categoryId))) throw domainRule('unknownCategory', 'No such category.', { categoryId: input.categoryId });
  const group = await repo.findGroup(deps.db, input.groupId);
  if (!group) throw domainRule('unknownGroup', 'No such group.', { groupId: input.groupId });
  return group.name;
}

const toComponent = (row: typeof helpdeskComponents.$inferSelect, groupName: string, lang: LanguageCode): HelpdeskComponent => ({
  id: row.id,
  categoryId: row.categoryId,
  name: localName(row.names, lang),
  names: row.names,
  groupId: row.groupId,
  groupName,
  requiresApproval: row.requiresApproval,
  isActive: row.isActive,
  sortOrder: row.sortOrder,
});

/** POST /api/helpdesk/components: a new component; 422 `unknownCategory` / `unknownGroup`. */
export async function createComponent(deps: AppDeps, input: ComponentInput, lang: LanguageCode): Promise<HelpdeskComponent> {
  const groupName = await checkComponentRefs(deps, input);
  const [row] = await deps.db.insert(helpdeskComponents).values(input).returning();
  if (!row) throw new Error('helpdesk: component insert returned nothing');
  return toComponent(row, groupName, lang);
}

/**
 * PUT /api/helpdesk/components/{id}: 404 unknown id. A new group or approval flag applies to
 * requests created from now on (existing ones keep their group).
 */
export async function updateComponent(deps: AppDeps, id: number, input: ComponentInput, lang: LanguageCode): Promise<HelpdeskComponent> {
  const groupName = await checkComponentRefs(deps, input);
  const [row] = await deps.db.update(helpdeskComponents).set(input).where(eq(helpdeskComponents.id, id)).returning();
  if (!row) throw notFound('No such component.');
  return toComponent(row, groupName, lang);
}

/** DELETE /api/helpdesk/components/{id}: only an unused component (409 `inUse`). */
export async function deleteComponent(deps: AppDeps, id: number): Promise<void> {
  if (!(await repo.findComponent(deps.db, id))) throw notFound('No such component.');
  if (await repo.requestsUsing(deps.db, 'componentId', id)) throw new AppError(409, 'inUse', 'Requests use this component; deactivate it instead.');
  await deps.db.delete(helpdeskComponents).where(eq(helpdeskComponents.id, id));
}

/** PUT /api/helpdesk/priorities/{code}: names and target time; applies to requests created (or edited) from now on. */
export async function updatePriority(deps: AppDeps, code: HelpdeskPriorityCode, input: PriorityInput, lang: LanguageCode): Promise<HelpdeskPriority> {
  const [row] = await deps.db.update(helpdeskPriorities).set(input).where(eq(helpdeskPriorities.code, code)).returning();
  if (!row) throw notFound('No such priority.');
  return { code: row.code, name: localName(row.names, lang), names: row.names, targetMinutes: row.targetMinutes, sortOrder: row.sortOrder };
}
