import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TagField } from './TagField';

const base = { label: 'Tags', inputLabel: 'Add a tag', removeLabel: (t: string) => `Remove ${t}` };

describe('TagField', () => {
  it('has no accessibility violations, empty, filled and invalid', async () => {
    render(
      <>
        <TagField {...base} />
        <TagField
          {...base}
          label="Labels"
          inputLabel="Add a label"
          defaultValue={['urgent', 'printer']}
          isInvalid
          errorMessage="Too many"
        />
      </>,
    );
    await expectNoAxeViolations();
  });

  it('adds trimmed tags with Enter and comma, ignoring empty and duplicate ones', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<TagField {...base} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Add a tag' });
    await user.type(input, ' printer {Enter}urgent,{Enter}PRINTER{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['printer', 'urgent']);
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['printer', 'urgent']);
    expect(input).toHaveValue('');
  });

  it('removes with the ✕ button, Backspace in the empty input and Delete on a focused tag', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<TagField {...base} defaultValue={['a', 'b', 'c']} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Remove b/ }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'c']);
    await user.click(screen.getByRole('textbox', { name: 'Add a tag' }));
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(['a']);
    await user.click(screen.getByRole('row', { name: 'a' }));
    await user.keyboard('{Delete}');
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('links the error message to the input', () => {
    render(<TagField {...base} isInvalid errorMessage="Add at least one tag" />);
    const input = screen.getByRole('textbox', { name: 'Add a tag' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Add at least one tag');
  });
});
