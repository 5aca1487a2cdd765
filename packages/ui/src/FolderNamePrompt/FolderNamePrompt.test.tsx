import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { folderNameFlags } from './folderName';
import { FolderNamePrompt } from './FolderNamePrompt';

const messages = {
  required: 'Enter a name',
  maxLength: 'At most 100 characters',
  invalidCharacters: 'Not allowed: < > : " / \\ | ? *',
  reservedName: 'This name is reserved',
};
const base = {
  title: 'New folder',
  label: 'Folder name',
  submitLabel: 'Create',
  cancelLabel: 'Cancel',
  messages,
  isOpen: true,
  onOpenChange: () => {},
};

describe('folderNameFlags (ui copy of the contracts rule)', () => {
  it('matches the contracts cases', () => {
    expect(folderNameFlags('Müqavilələr 2026')).toEqual([]);
    expect(folderNameFlags('   ')).toEqual(['required']);
    expect(folderNameFlags('a'.repeat(100))).toEqual([]);
    expect(folderNameFlags('a'.repeat(101))).toEqual(['maxLength']);
    for (const c of ['<', '>', ':', '"', '/', '\\', '|', '?', '*']) {
      expect(folderNameFlags(`a${c}b`)).toEqual(['invalidCharacters']);
    }
    for (const n of ['CON', 'prn', 'Aux', 'nul', 'COM1', 'com9', 'LPT1', 'lpt9']) {
      expect(folderNameFlags(n)).toEqual(['reservedName']);
    }
    expect(folderNameFlags('COM0')).toEqual([]);
    expect(folderNameFlags('com10')).toEqual([]);
  });
});

describe('FolderNamePrompt', () => {
  it('has no accessibility violations', async () => {
    render(<FolderNamePrompt {...base} onSubmit={() => {}} />);
    await expectNoAxeViolations();
  });

  it('shows the message of each violated rule and submits only a valid name', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<FolderNamePrompt {...base} onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox', { name: /Folder name/ });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(input).toHaveAccessibleDescription('Enter a name');
    await user.type(input, 'lpt3');
    expect(input).toHaveAccessibleDescription('This name is reserved');
    await user.type(input, '?');
    expect(input).toHaveAccessibleDescription(messages.invalidCharacters);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, ' Hesabatlar 2026 {Enter}');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).toHaveBeenCalledWith('Hesabatlar 2026');
  });
});
