import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { extensionOf, FileList, fileTypeLabel, formatBytes } from './FileList';

const files = [
  { id: 1, name: 'contract.pdf', url: '/f/1', type: 'application/pdf', size: 1536 },
  { id: 2, name: 'README', url: '/f/2', type: 'text/plain' },
];

describe('FileList', () => {
  it('has no accessibility violations', async () => {
    render(<FileList files={files} label="Files" downloadLabel="Download" />);
    await expectNoAxeViolations();
  });

  it('leaves the download attribute off when the address is a page of the app', () => {
    render(<FileList files={files} label="Files" downloadLabel="Download" directDownload={false} />);
    const link = screen.getByRole('link', { name: 'Download: contract.pdf' });
    expect(link).not.toHaveAttribute('download');
    expect(link).toHaveAttribute('href', files[0]!.url);
    expect(link).toHaveAttribute('data-file-download');
  });

  it('shows name, type, size and a download link per file', () => {
    render(<FileList files={files} label="Files" downloadLabel="Download" />);
    const rows = within(screen.getByRole('list', { name: 'Files' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('contract.pdfPDF · 1.5 KB');
    expect(rows[1]).toHaveTextContent('READMEPLAIN');
    const link = screen.getByRole('link', { name: 'Download: contract.pdf' });
    expect(link).toHaveAttribute('href', '/f/1');
    expect(link).toHaveAttribute('download', 'contract.pdf');
  });

  it('shows the empty text without files', () => {
    render(<FileList files={[]} label="Files" downloadLabel="Download" emptyText="No files" />);
    expect(screen.getByText('No files')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('formats sizes and extensions', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(52_428_800)).toBe('50 MB');
    expect(formatBytes(1_572_864, 'ru')).toBe('1,5 MB');
    expect(extensionOf('Archive.TAR.GZ')).toBe('.gz');
    expect(extensionOf('.env')).toBe('');
    expect(fileTypeLabel({ name: 'x.docx', type: '' })).toBe('DOCX');
  });
});
