import type { NamesPerLanguage, PermissionNode } from '@servicedesk/contracts';
import type { CheckboxTreeNode } from '@servicedesk/ui/CheckboxTree';

/** The interface languages in the order the form asks for names (az first, SPEC §1). */
export const nameLanguages = ['az', 'en', 'ru', 'tr'] as const satisfies readonly (keyof NamesPerLanguage)[];

/** Empty names for a new type. */
export const emptyNames = (): NamesPerLanguage => ({ az: '', en: '', ru: '', tr: '' });

/** The languages whose name is missing (blank after trimming) or longer than 100 characters. */
export function invalidNames(names: NamesPerLanguage): (keyof NamesPerLanguage)[] {
  return nameLanguages.filter((lang) => {
    const name = names[lang].trim();
    return name === '' || name.length > 100;
  });
}

/** The permission tree as CheckboxTree items, captions translated (menu items `layout.menu.*`, actions `permissions.actions.*`). */
export function toTreeItems(nodes: readonly PermissionNode[], t: (key: string) => string): CheckboxTreeNode[] {
  return nodes.map((node) => ({
    key: node.key,
    label: t(node.captionKey),
    children: node.children.length > 0 ? toTreeItems(node.children, t) : undefined,
  }));
}

/** The checked keys of a permission tree (menu items and element actions), in tree order. */
export function checkedKeys(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((node) => [...(node.isChecked ? [node.key] : []), ...checkedKeys(node.children)]);
}

/** How many nodes a tree has (for "n of m selected"). */
export function countNodes(nodes: readonly PermissionNode[]): number {
  return nodes.reduce((n, node) => n + 1 + countNodes(node.children), 0);
}

/** Names for a copy of a type: "<name> (copy)" in each language. */
export function copyNames(names: NamesPerLanguage, suffix: (lang: keyof NamesPerLanguage, name: string) => string): NamesPerLanguage {
  return { az: suffix('az', names.az), en: suffix('en', names.en), ru: suffix('ru', names.ru), tr: suffix('tr', names.tr) };
}
