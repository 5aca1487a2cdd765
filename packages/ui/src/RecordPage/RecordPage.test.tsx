import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { RecordPage, RecordSection } from './RecordPage';

const full = (
  <RecordPage
    back={<a href="#list">Back</a>}
    number="HD-2026-00042"
    title="Printer does not print"
    status={<span>New</span>}
    actions={<button type="button">Edit</button>}
    viewers={<span>Aysel is viewing</span>}
    fieldsTitle="Details"
    fields={[
      { label: 'Priority', value: 'High' },
      { label: 'Group', value: 'IT support' },
    ]}
    timelineTitle="History"
    timeline={<ol aria-label="History entries" />}
    comments={<textarea aria-label="Comment" />}
    filesTitle="Attachments"
    files={<p>No files</p>}
  >
    <RecordSection title="Description">
      <p>It jams.</p>
    </RecordSection>
  </RecordPage>
);

describe('RecordPage', () => {
  it('has no accessibility violations', async () => {
    render(full);
    await expectNoAxeViolations();
  });

  it('shows the header: number, title as the page heading, status, viewers (live) and actions', () => {
    render(full);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Printer does not print' }),
    ).toBeInTheDocument();
    expect(screen.getByText('HD-2026-00042')).toBeInTheDocument();
    expect(screen.getByText('Aysel is viewing').parentElement).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Edit' }),
    ).toBeInTheDocument();
  });

  it('lists the fields as terms and values in a named section', () => {
    render(full);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(
      within(details)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Priority', 'Group']);
    expect(
      within(details)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['High', 'IT support']);
  });

  it('puts the comment box at the top of the history unless comments have their own title', () => {
    const { rerender } = render(full);
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Description' })).toHaveTextContent('It jams.');
    expect(screen.getByRole('region', { name: 'Attachments' })).toHaveTextContent('No files');
    rerender(
      <RecordPage
        title="T"
        comments={<textarea aria-label="Comment" />}
        commentsTitle="Comments"
      />,
    );
    expect(
      within(screen.getByRole('region', { name: 'Comments' })).getByRole('textbox'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
  });
});
