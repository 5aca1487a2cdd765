/**
 * The pure model of a checkbox tree: tri-state from the leaves up, toggling a subtree, the
 * rows that are on screen (expansion and filter). No React here, so it is tested directly.
 */

/** One node of the tree. Keys are unique in the whole tree (e.g. permission action keys). */
export interface CheckboxTreeNode {
  /** Unique key, e.g. 'admin.users.create'. */
  key: string;
  /** Translated label; also what the filter searches. */
  label: string;
  /** Child nodes; a node with at least one child is a parent. */
  children?: CheckboxTreeNode[];
}

/** The check state of a node: parents take theirs from their children. */
export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

/** One row on screen, in tree order, with what ARIA needs (level, set size, position). */
export interface VisibleRow {
  node: CheckboxTreeNode;
  /** 1 for a root. */
  level: number;
  /** Number of siblings shown at this level under the same parent (aria-setsize). */
  setSize: number;
  /** 1-based position among those siblings (aria-posinset). */
  posInSet: number;
  /** Key of the parent row, undefined for a root. */
  parentKey?: string;
  /** Whether the node has children (shown or not). */
  isParent: boolean;
  /** Whether its children are shown (always true for a parent with matches under a filter). */
  isExpanded: boolean;
}

/**
 * What a parent's own key means.
 * - `'derived'` (a classic checkbox tree): a parent is only the sum of its children; its own key
 *   in the input is ignored and it is emitted only when fully checked.
 * - `'own'` (a permission tree whose parents are menus): a parent's key is a grant of its own;
 *   checking any node also checks its ancestors (an action needs its menu), and a parent held
 *   without all of its children shows as partly checked.
 */
export type ParentKeyMode = 'derived' | 'own';

/**
 * The state of every node. A leaf is checked when its key is in `checked`. A parent, in
 * `'derived'` mode: checked when all its children are, unchecked when none is (checked or
 * indeterminate), indeterminate otherwise; in `'own'` mode its own key counts as one more child.
 */
export function computeStates(
  items: readonly CheckboxTreeNode[],
  checked: ReadonlySet<string>,
  mode: ParentKeyMode = 'derived',
): Map<string, CheckState> {
  const states = new Map<string, CheckState>();
  const visit = (node: CheckboxTreeNode): CheckState => {
    let state: CheckState;
    if (!node.children?.length) state = checked.has(node.key) ? 'checked' : 'unchecked';
    else {
      let on = 0;
      let off = 0;
      let total = node.children.length;
      for (const child of node.children) {
        const s = visit(child);
        if (s === 'checked') on += 1;
        else if (s === 'unchecked') off += 1;
      }
      if (mode === 'own') {
        total += 1;
        if (checked.has(node.key)) on += 1;
        else off += 1;
      }
      state = on === total ? 'checked' : off === total ? 'unchecked' : 'indeterminate';
    }
    states.set(node.key, state);
    return state;
  };
  for (const node of items) visit(node);
  return states;
}

/**
 * The keys to emit, in tree order. `'derived'`: every checked node (leaves and fully checked
 * parents). `'own'`: every key of the tree that is in `checked` (keys not in the tree are
 * dropped).
 */
export function keysOf(
  items: readonly CheckboxTreeNode[],
  checked: ReadonlySet<string>,
  mode: ParentKeyMode = 'derived',
): string[] {
  const states = mode === 'derived' ? computeStates(items, checked, mode) : undefined;
  const out: string[] = [];
  const visit = (node: CheckboxTreeNode) => {
    if (states ? states.get(node.key) === 'checked' : checked.has(node.key)) out.push(node.key);
    node.children?.forEach(visit);
  };
  items.forEach(visit);
  return out;
}

/** Finds a node by key (depth first), or undefined. */
export function findNode(
  items: readonly CheckboxTreeNode[],
  key: string,
): CheckboxTreeNode | undefined {
  for (const node of items) {
    if (node.key === key) return node;
    const found = node.children && findNode(node.children, key);
    if (found) return found;
  }
  return undefined;
}

/** The keys of `key`'s ancestors, root first (empty for a root or an unknown key). */
export function ancestorsOf(items: readonly CheckboxTreeNode[], key: string): string[] {
  const path: string[] = [];
  const visit = (nodes: readonly CheckboxTreeNode[]): boolean => {
    for (const node of nodes) {
      if (node.key === key) return true;
      path.push(node.key);
      if (node.children && visit(node.children)) return true;
      path.pop();
    }
    return false;
  };
  return visit(items) ? path : [];
}

/**
 * Toggles `key`: a node that is not fully checked (unchecked or indeterminate) becomes checked
 * with its whole subtree, a checked one unchecked with its subtree; in `'own'` mode checking
 * also checks the ancestors' own keys. Returns the new key list (see `keysOf`); an unknown key
 * returns the current list unchanged.
 */
export function toggleKey(
  items: readonly CheckboxTreeNode[],
  checked: ReadonlySet<string>,
  key: string,
  mode: ParentKeyMode = 'derived',
): string[] {
  const node = findNode(items, key);
  if (!node) return keysOf(items, checked, mode);
  const on = computeStates(items, checked, mode).get(key) !== 'checked';
  const next = new Set(checked);
  const visit = (n: CheckboxTreeNode) => {
    if (on) next.add(n.key);
    else next.delete(n.key);
    n.children?.forEach(visit);
  };
  visit(node);
  if (on && mode === 'own') for (const k of ancestorsOf(items, key)) next.add(k);
  return keysOf(items, next, mode);
}

/**
 * The rows on screen in tree order. Without a filter: roots, and the children of expanded
 * parents. With a (normalised, non-empty) filter: every node whose normalised label contains
 * it, with all its ancestors (expanded, so the match shows); the rest is hidden, except the
 * children of a matching parent the user expands.
 */
export function visibleRows(
  items: readonly CheckboxTreeNode[],
  expanded: ReadonlySet<string>,
  filter: string,
  normalize: (text: string) => string,
): VisibleRow[] {
  const rows: VisibleRow[] = [];
  if (!filter) {
    const walk = (nodes: readonly CheckboxTreeNode[], level: number, parentKey?: string) => {
      nodes.forEach((node, i) => {
        const isParent = Boolean(node.children?.length);
        const isExpanded = isParent && expanded.has(node.key);
        rows.push({
          node,
          level,
          setSize: nodes.length,
          posInSet: i + 1,
          parentKey,
          isParent,
          isExpanded,
        });
        if (isExpanded) walk(node.children!, level + 1, node.key);
      });
    };
    walk(items, 1);
    return rows;
  }
  // Which nodes stay: a match, or an ancestor of one.
  const keep = new Set<string>();
  const matches = new Set<string>();
  const mark = (node: CheckboxTreeNode): boolean => {
    let any = normalize(node.label).includes(filter);
    if (any) matches.add(node.key);
    for (const child of node.children ?? []) if (mark(child)) any = true;
    if (any) keep.add(node.key);
    return any;
  };
  items.forEach(mark);
  // A kept node shows its kept children; a matching parent without any shows all of its
  // children once the user expands it (everything under a match is part of the answer).
  const walk = (
    nodes: readonly CheckboxTreeNode[],
    level: number,
    showAll: boolean,
    parentKey?: string,
  ) => {
    const shown = showAll ? nodes : nodes.filter((n) => keep.has(n.key));
    shown.forEach((node, i) => {
      const isParent = Boolean(node.children?.length);
      const keptChildren = !showAll && Boolean(node.children?.some((c) => keep.has(c.key)));
      const childrenAll =
        isParent && !keptChildren && (showAll || matches.has(node.key)) && expanded.has(node.key);
      rows.push({
        node,
        level,
        setSize: shown.length,
        posInSet: i + 1,
        parentKey,
        isParent,
        isExpanded: keptChildren || childrenAll,
      });
      if (keptChildren || childrenAll) walk(node.children!, level + 1, childrenAll, node.key);
    });
  };
  walk(items, 1, false);
  return rows;
}
