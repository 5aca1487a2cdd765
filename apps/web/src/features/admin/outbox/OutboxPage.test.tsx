import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InboundMailRow, OutboxRow } from '@servicedesk/contracts';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../../test/render-app';

/*
 * /home/admin/outbox (issue #38): the Sent tab lists what the server sends and lets a holder of
 * admin.outbox.retry send a failed row again; the Inbound mail tab says what each mail to the
 * help-desk mailbox became, and why one was refused or failed, in the admin's language.
 */

const server = mockServerForFile();

const row = (over: Partial<OutboxRow>): OutboxRow => ({
  id: 1,
  channel: 'mail',
  recipient: 'employee@servicedesk.az',
  subject: 'Şifrənin bərpası',
  kind: 'passwordReset',
  status: 'sent',
  attempts: 1,
  createdAt: '2026-12-01T08:00:00.000Z',
  nextAttemptAt: '2026-12-01T08:00:00.000Z',
  sentAt: '2026-12-01T08:00:02.000Z',
  lastError: null,
  messageId: '<sd-outbox-1@servicedesk.test>',
  retries: [],
  ...over,
});

const inbound = (over: Partial<InboundMailRow>): InboundMailRow => ({
  id: 1,
  messageId: '<m1@example.test>',
  fromAddress: 'employee@servicedesk.az',
  fromName: 'Elvin',
  subject: 'Printer',
  status: 'processed',
  outcome: 'request',
  reason: null,
  reasonCode: null,
  reasonParams: {},
  user: { id: 5, name: 'Elvin Məmmədov' },
  record: { kind: 'helpdeskRequest', id: 12, url: '/home/helpdesk/requests/12' },
  folder: 'Processed',
  sizeBytes: 2048,
  createdAt: '2026-12-01T09:00:00.000Z',
  sentAt: '2026-12-01T08:59:58.000Z',
  ...over,
});

let outboxRows: OutboxRow[];
let retried: number[];
let asked: { status: string | null; page: string | null }[];
let total: number;
beforeEach(() => {
  retried = [];
  asked = [];
  total = 2;
  outboxRows = [
    row({ id: 1 }),
    row({ id: 2, status: 'failed', attempts: 5, sentAt: null, lastError: '550 5.1.1 <gone@servicedesk.az>: Recipient address rejected', recipient: 'gone@servicedesk.az' }),
  ];
  server.use(
    http.post(apiPath('/global/getMenuPermissions'), () => HttpResponse.json([{ key: 'admin.outbox.retry', isChecked: true }])),
    http.get(apiPath('/admin/outbox'), ({ request }) => {
      const url = new URL(request.url);
      const status = url.searchParams.get('status');
      asked.push({ status, page: url.searchParams.get('page') });
      const rows = outboxRows.filter((r) => !status || r.status === status);
      const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
      for (const r of outboxRows) counts[r.status] += 1;
      return HttpResponse.json({ rows, total: Math.max(total, rows.length), counts, mailConfigured: true });
    }),
    http.post(apiPath('/admin/outbox/:id/retry'), ({ params }) => {
      const id = Number(params.id);
      retried.push(id);
      outboxRows = outboxRows.map((r) => (r.id === id ? { ...r, status: 'queued', retries: [{ userId: 1, userName: 'Admin İstifadəçi', at: '2026-12-01T10:00:00.000Z', lastError: r.lastError, attempts: r.attempts }] } : r));
      return HttpResponse.json(outboxRows.find((r) => r.id === id));
    }),
    http.get(apiPath('/admin/inboundMail'), () =>
      HttpResponse.json({
        rows: [
          inbound({ id: 3 }),
          inbound({
            id: 4,
            subject: 'Hesabat',
            status: 'failed',
            outcome: 'failed',
            reason: 'fileTooLarge: the attachments total 31.0 MB',
            reasonCode: 'fileTooLarge',
            reasonParams: { totalMb: '31.0', maxMb: '25.0' },
            record: null,
            folder: 'Failed',
          }),
          inbound({ id: 5, fromAddress: 'stranger@example.test', fromName: null, user: null, status: 'refused', outcome: 'unknownSender', reason: 'unknownSender', reasonCode: 'unknownSender', record: null }),
          inbound({ id: 6, status: 'failed', outcome: 'failed', reason: 'zzUnknown: something new', reasonCode: 'zzUnknown', record: null }),
        ],
        total: 4,
        counts: { processing: 0, processed: 1, ignored: 0, refused: 1, failed: 2 },
        configured: true,
        address: 'helpdesk@servicedesk.test',
        folders: { inbox: 'INBOX', processed: 'Processed', failed: 'Failed' },
      }),
    ),
  );
});

describe('/home/admin/outbox', () => {
  it('filters by status and pages through a long outbox with named page buttons', async () => {
    total = 120;
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/outbox');
    await screen.findByTestId('outbox-row-2');
    await user.click(screen.getByRole('button', { name: 'Failed (1)' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: 'failed', page: '1' }));
    expect(screen.getByRole('button', { name: 'Failed (1)' })).toHaveAttribute('aria-pressed', 'true');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: 'failed', page: '3' }));
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ status: 'failed', page: '2' }));
  });

  it('sends a failed message again: the row is queued, who did it is listed, the sent one has no button', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/outbox');
    const failed = await screen.findByTestId('outbox-row-2');
    expect(within(failed).getByText(/Recipient address rejected/)).toBeInTheDocument();
    expect(within(screen.getByTestId('outbox-row-1')).queryByRole('button', { name: 'Send again' })).toBeNull();
    await user.click(within(failed).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Message 2 is queued again.')).toBeInTheDocument();
    expect(retried).toEqual([2]);
    await waitFor(() => expect(within(screen.getByTestId('outbox-row-2')).getByText('Queued')).toBeInTheDocument());
    expect(within(screen.getByTestId('outbox-row-2')).getByText(/Sent again by Admin İstifadəçi/)).toBeInTheDocument();
    expect(within(screen.getByTestId('outbox-row-2')).queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('the inbound tab says what each mail became and why one failed, in words, with the server’s own in the title', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/home/admin/outbox');
    await user.click(await screen.findByRole('tab', { name: 'Inbound mail' }));
    expect(await screen.findByText(/Reading helpdesk@servicedesk\.test/)).toBeInTheDocument();
    const request = screen.getByTestId('inbound-row-3');
    expect(within(request).getByText('New request')).toBeInTheDocument();
    expect(within(request).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/home/helpdesk/requests/12');
    const failed = screen.getByTestId('inbound-row-4');
    const reason = within(failed).getByText(/the attachments total 31\.0 MB; at most 25\.0 MB may be sent at once/);
    expect(reason).toHaveAttribute('title', 'fileTooLarge: the attachments total 31.0 MB');
    expect(within(screen.getByTestId('inbound-row-5')).getByText('The sender is not a ServiceDesk user; they were answered once.')).toBeInTheDocument();
    // A code without a text shows the server's words rather than nothing.
    expect(within(screen.getByTestId('inbound-row-6')).getByText('zzUnknown: something new')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed (2)' })).toBeInTheDocument();
  });
});
