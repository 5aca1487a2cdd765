import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from '../TextField';
import { CheckboxTree, type CheckboxTreeProps } from './CheckboxTree';
import { deepTree, longLabelTree, permissionTree } from './fixtures';

/** Holds the checked keys like a form would; `filterLabel` adds a filter box above the tree. */
function Controlled({ filterLabel, ...props }: CheckboxTreeProps & { filterLabel?: string }) {
  const [checked, setChecked] = useState(props.checkedKeys);
  const [filter, setFilter] = useState(props.filterText ?? '');
  return (
    <div style={{ maxWidth: 480, display: 'flex', flexDirection: 'column', gap: 8 }}>
      {filterLabel ? <TextField label={filterLabel} value={filter} onChange={setFilter} /> : null}
      <CheckboxTree
        {...props}
        filterText={filter}
        checkedKeys={checked}
        onCheckedChange={(keys) => {
          setChecked(keys);
          props.onCheckedChange?.(keys);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Kit/CheckboxTree',
  component: CheckboxTree,
  tags: ['autodocs'],
  render: (args) => <Controlled {...args} />,
  args: {
    ariaLabel: 'Permissions',
    items: permissionTree,
    checkedKeys: ['helpdesk.requests.create', 'news'],
    defaultExpandedKeys: ['helpdesk'],
    onCheckedChange: fn(),
    emptyText: 'Nothing found',
  },
} satisfies Meta<typeof CheckboxTree>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const helpdesk = canvas.getByRole('treeitem', { name: 'Helpdesk' });
    // One child of Requests is checked: Helpdesk is partly checked.
    await expect(helpdesk).toHaveAttribute('aria-checked', 'mixed');
    // → on the closed Requests opens it; Space on it checks the whole subtree.
    await userEvent.click(canvas.getByRole('treeitem', { name: 'Categories' }));
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith([
      'helpdesk.requests.create',
      'helpdesk.categories',
      'news',
    ]);
    await userEvent.keyboard('{ArrowUp}{ArrowRight}');
    const requests = canvas.getByRole('treeitem', { name: 'Requests' });
    await expect(requests).toHaveAttribute('aria-expanded', 'true');
    await expect(requests).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(helpdesk).toHaveAttribute('aria-checked', 'true');
    await expect(canvas.getByRole('treeitem', { name: 'Approve' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // ← goes up to Helpdesk (Requests is open: first ← closes it, second goes to the parent).
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(helpdesk).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(helpdesk).toHaveAttribute('aria-checked', 'false');
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(['news']);
  },
};

/** User-type permissions: parents are menus, held on their own (`parentKeyMode="own"`). */
export const PermissionMode: Story = {
  args: {
    parentKeyMode: 'own',
    checkedKeys: ['admin', 'admin.users'],
    defaultExpandedKeys: ['admin', 'helpdesk', 'helpdesk.requests'],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The Users menu is held without its actions: partly checked.
    await expect(canvas.getByRole('treeitem', { name: 'Users' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    // Granting an action also grants the menus that lead to it.
    await userEvent.click(canvas.getByRole('treeitem', { name: 'Approve' }));
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith([
      'helpdesk',
      'helpdesk.requests',
      'helpdesk.requests.approve',
      'admin',
      'admin.users',
    ]);
    await expect(canvas.getByRole('treeitem', { name: 'Requests' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
  },
};

export const ReadOnly: Story = {
  args: {
    isReadOnly: true,
    readOnlyLabel: 'Read only',
    defaultExpandedKeys: ['helpdesk', 'helpdesk.requests'],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const create = canvas.getByRole('treeitem', { name: 'Create' });
    await userEvent.click(create);
    await userEvent.keyboard(' ');
    await expect(create).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
    // Navigation and expansion still work.
    await userEvent.keyboard('{ArrowUp}{ArrowLeft}');
    await expect(canvas.queryByRole('treeitem', { name: 'Create' })).toBeNull();
    await expect(canvas.getByRole('tree')).toHaveAccessibleDescription('Read only');
  },
};

export const DeepTree: Story = {
  args: { items: deepTree, checkedKeys: ['l1.l2.l3.l4.read'], defaultExpandedKeys: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Tab into the tree (one tab stop, on the first row), then open four levels with →.
    await userEvent.tab();
    await expect(canvas.getByRole('treeitem', { name: 'Documents' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    for (let i = 0; i < 4; i++) await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const read = canvas.getByRole('treeitem', { name: 'Read' });
    await expect(read).toHaveFocus();
    await expect(read).toHaveAttribute('aria-level', '5');
    await expect(read).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowDown} ');
    await expect(canvas.getByRole('treeitem', { name: 'Registry' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(canvas.getByRole('treeitem', { name: 'Incoming' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('treeitem', { name: 'Finance' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('treeitem', { name: 'Documents' })).toHaveFocus();
  },
};

export const LongAzerbaijaniAndRussianLabels: Story = {
  args: {
    ariaLabel: 'İcazələr',
    items: longLabelTree,
    checkedKeys: ['inventory.writeOff', 'finance.comment', 'finance.status'],
    defaultExpandedKeys: ['inventory', 'finance'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const finance = canvas.getByRole('treeitem', { name: /^Финансовые отчёты/ });
    await expect(finance).toHaveAttribute('aria-checked', 'true');
    await expect(canvas.getByRole('treeitem', { name: /^İnventarizasiya/ })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    // Labels wrap inside the tree: no row is wider than the tree.
    const tree = canvas.getByRole('tree');
    for (const row of canvas.getAllByRole('treeitem'))
      await expect(row.scrollWidth).toBeLessThanOrEqual(tree.clientWidth);
  },
};

export const Filter: Story = {
  args: { filterLabel: 'Find a permission', defaultExpandedKeys: [] } as Story['args'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Case-insensitive: "DELETE" finds "Delete user" under Administration › Users.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Find a permission' }), 'DELETE');
    const rows = canvas.getAllByRole('treeitem').map((r) => r.textContent);
    await expect(rows).toEqual(['Administration', 'Users', 'Delete user']);
    await userEvent.click(canvas.getByRole('treeitem', { name: 'Users' }));
    // The whole subtree of Users toggles, shown or not.
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith([
      'helpdesk.requests.create',
      'admin.users',
      'admin.users.create',
      'admin.users.delete',
      'news',
    ]);
  },
};

export const FilterWithoutMatches: Story = {
  args: { filterLabel: 'Find a permission', filterText: 'xyz' } as Story['args'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('treeitem')).toHaveLength(0);
    await expect(canvas.getByRole('status')).toHaveTextContent('Nothing found');
  },
};
