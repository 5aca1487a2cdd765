import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { CheckboxTree, type CheckboxTreeProps } from './CheckboxTree';
import { deepTree, longLabelTree, permissionTree } from './fixtures';
import { computeStates, toggleKey, visibleRows } from './model';
import { defaultNormalize } from '../DataTable/model';

function Controlled(props: Omit<CheckboxTreeProps, 'ariaLabel'>) {
  const [checked, setChecked] = useState(props.checkedKeys);
  return (
    <CheckboxTree
      ariaLabel="Permissions"
      {...props}
      checkedKeys={checked}
      onCheckedChange={(keys) => {
        setChecked(keys);
        props.onCheckedChange?.(keys);
      }}
    />
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name });

describe('CheckboxTree model', () => {
  it('derives a parent from its children in derived mode, ignoring its own key', () => {
    const states = computeStates(permissionTree, new Set(['admin', 'admin.users.create']));
    expect(states.get('admin.users')).toBe('indeterminate');
    expect(states.get('admin')).toBe('indeterminate');
    expect(states.get('helpdesk')).toBe('unchecked');
    const all = computeStates(
      permissionTree,
      new Set(['admin.users.create', 'admin.users.delete']),
    );
    expect(all.get('admin.users')).toBe('checked');
  });

  it('keeps a parent held on its own in own mode and grants ancestors with a child', () => {
    const held = new Set(['admin', 'admin.users']);
    expect(computeStates(permissionTree, held, 'own').get('admin.users')).toBe('indeterminate');
    expect(toggleKey(permissionTree, held, 'admin.users.delete', 'own')).toEqual([
      'admin',
      'admin.users',
      'admin.users.delete',
    ]);
    // Unchecking a fully held menu drops the menu and its actions, not its parent.
    const full = new Set(['admin', 'admin.users', 'admin.users.create', 'admin.users.delete']);
    expect(toggleKey(permissionTree, full, 'admin.users', 'own')).toEqual(['admin']);
  });

  it('shows matches with their ancestors under a filter, accent-insensitively', () => {
    const rows = visibleRows(
      longLabelTree,
      new Set(),
      defaultNormalize('silinmesi'),
      defaultNormalize,
    );
    expect(rows.map((r) => r.node.key)).toEqual(['inventory', 'inventory.writeOff']);
    expect(rows[1]).toMatchObject({ level: 2, setSize: 1, posInSet: 1 });
  });
});

describe('CheckboxTree', () => {
  it('has no accessibility violations', async () => {
    render(
      <CheckboxTree
        ariaLabel="Permissions"
        items={permissionTree}
        checkedKeys={['helpdesk.requests.create']}
        defaultExpandedKeys={['helpdesk', 'helpdesk.requests']}
      />,
    );
    await expectNoAxeViolations();
  });

  it('shows checked, mixed and unchecked parents from their children', () => {
    render(
      <CheckboxTree
        ariaLabel="Permissions"
        items={permissionTree}
        checkedKeys={
          new Set([
            'helpdesk.requests.create',
            'helpdesk.requests.approve',
            'helpdesk.requests.reject',
          ])
        }
        defaultExpandedKeys={['helpdesk']}
      />,
    );
    expect(item('Requests')).toHaveAttribute('aria-checked', 'true');
    expect(item('Helpdesk')).toHaveAttribute('aria-checked', 'mixed');
    expect(item('Administration')).toHaveAttribute('aria-checked', 'false');
    // Closed parents hide their children.
    expect(screen.queryByRole('treeitem', { name: 'Create' })).toBeNull();
  });

  it('toggles a whole subtree with a click and with Space', async () => {
    const onCheckedChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Controlled
        items={permissionTree}
        checkedKeys={['admin.users.create']}
        defaultExpandedKeys={['admin']}
        onCheckedChange={onCheckedChange}
      />,
    );
    // A partly checked parent becomes fully checked.
    await user.click(item('Users'));
    expect(onCheckedChange).toHaveBeenLastCalledWith([
      'admin.users',
      'admin.users.create',
      'admin.users.delete',
    ]);
    await user.keyboard('{ArrowUp} ');
    expect(item('Administration')).toHaveAttribute('aria-checked', 'true');
    await user.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith([]);
    expect(item('Users')).toHaveAttribute('aria-checked', 'false');
  });

  it('moves with the arrow keys, opens with → and closes with ←', async () => {
    const user = userEvent.setup();
    render(<Controlled items={deepTree} checkedKeys={[]} />);
    await user.tab();
    expect(item('Documents')).toHaveFocus();
    expect(item('Documents')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(item('Documents')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(item('Circulation')).toHaveFocus();
    expect(item('Circulation')).toHaveAttribute('aria-level', '2');
    await user.keyboard('{ArrowLeft}');
    expect(item('Documents')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByRole('treeitem', { name: 'Circulation' })).toBeNull();
    await user.keyboard('{End}');
    expect(item('Finance')).toHaveFocus();
    // Only one row is in the tab order.
    expect(screen.getAllByRole('treeitem').filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });

  it('changes nothing in read-only mode but still navigates', async () => {
    const onCheckedChange = vi.fn();
    const user = userEvent.setup();
    render(
      <CheckboxTree
        ariaLabel="Permissions"
        items={permissionTree}
        checkedKeys={['news']}
        isReadOnly
        readOnlyLabel="Read only"
        onCheckedChange={onCheckedChange}
      />,
    );
    await user.click(item('News'));
    await user.keyboard(' {Home}{ArrowRight}');
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(item('News')).toHaveAttribute('aria-checked', 'true');
    expect(item('Requests')).toBeInTheDocument();
    expect(screen.getByRole('tree')).toHaveAccessibleDescription('Read only');
  });

  it('filters to matches and their ancestors, and says when nothing matches', () => {
    const { rerender } = render(
      <CheckboxTree
        ariaLabel="Permissions"
        items={permissionTree}
        checkedKeys={[]}
        filterText="user"
        emptyText="Nothing found"
      />,
    );
    expect(screen.getAllByRole('treeitem').map((r) => r.textContent)).toEqual([
      'Administration',
      'Users',
      'Create user',
      'Delete user',
      'User types',
    ]);
    rerender(
      <CheckboxTree
        ariaLabel="Permissions"
        items={permissionTree}
        checkedKeys={[]}
        filterText="zzz"
        emptyText="Nothing found"
      />,
    );
    expect(screen.queryAllByRole('treeitem')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Nothing found');
  });
});
