export { CheckboxTree, type CheckboxTreeProps } from './CheckboxTree';
export {
  ancestorsOf,
  computeStates,
  keysOf,
  toggleKey,
  visibleRows,
  type CheckboxTreeNode,
  type CheckState,
  type ParentKeyMode,
  type VisibleRow,
} from './model';
