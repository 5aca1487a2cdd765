import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { contrastRatio } from '../theme/contrast';
import { darkTokens, lightTokens } from '../theme/tokens';
import { StatusBadge, statusFamily } from './StatusBadge';

describe('StatusBadge', () => {
  it('has no accessibility violations', async () => {
    render(
      <p>
        <StatusBadge status="new">New</StatusBadge>{' '}
        <StatusBadge status="rejected">Rejected</StatusBadge>
      </p>,
    );
    await expectNoAxeViolations();
  });

  it.each([
    ['new', 'info'],
    ['Open', 'info'],
    ['in_progress', 'warning'],
    ['In progress', 'warning'],
    ['pending', 'warning'],
    ['done', 'success'],
    ['approved', 'success'],
    ['rejected', 'danger'],
    ['cancelled', 'danger'],
    ['closed', 'neutral'],
    ['draft', 'neutral'],
    ['somethingElse', 'neutral'],
  ])('puts %s in the %s family', (status, family) => {
    expect(statusFamily(status)).toBe(family);
  });

  it('shows the translated word in its family colour', () => {
    render(<StatusBadge status="inProgress">İcrada</StatusBadge>);
    expect(screen.getByText('İcrada')).toHaveAttribute('data-variant', 'warning');
  });

  // Badge draws info/success/warning/neutral as coloured text on the surface, danger as
  // dangerFg on a danger fill (see Badge.css.ts): each pair must reach 4.5:1 in both themes.
  it.each([
    ['light', lightTokens],
    ['dark', darkTokens],
  ] as const)('every family is readable in the %s theme', (_name, { color }) => {
    const pairs: [string, string][] = [
      [color.info, color.surface],
      [color.warning, color.surface],
      [color.success, color.surface],
      [color.fgMuted, color.surface],
      [color.dangerFg, color.danger],
    ];
    for (const [fg, bg] of pairs) expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
});
