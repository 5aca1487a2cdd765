import { knownAccessRules, type ExplainResult, type PermissionNode } from '@servicedesk/contracts';

/** One action of the catalogue as the explainer's picker lists it. */
export interface ActionChoice {
  /** The action key, e.g. 'admin.users.create'. */
  id: string;
  /** "Users › Create (admin.users.create)" in the current language. */
  label: string;
}

/**
 * Every node of a permission tree as a picker choice, labelled with its menu path (captions
 * translated) and its key, in tree order: what a user may pick in the explainer.
 */
export function actionChoices(nodes: readonly PermissionNode[], t: (key: string) => string, path: string[] = []): ActionChoice[] {
  return nodes.flatMap((node) => {
    const trail = [...path, t(node.captionKey)];
    return [{ id: node.key, label: `${trail.join(' › ')} (${node.key})` }, ...actionChoices(node.children, t, trail)];
  });
}

const known = new Set<string>(knownAccessRules);

/**
 * The translated sentence of a decision's rule (admin.permissions.rules.*): the user's type
 * (`userTypeName`, e.g. from the user types list in the current language) fills {{userType}}; a rule this screen does not know yet reads "Rule: <code>".
 */
export function ruleText(
  result: ExplainResult,
  t: (key: string, values: Record<string, unknown>) => string,
  userTypeName: string = result.user.userTypeName,
): string {
  if (!known.has(result.rule)) return t('admin.permissions.rules.unknown', { rule: result.rule });
  return t(`admin.permissions.rules.${result.rule}`, { userType: userTypeName });
}
