import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, errorResponse } from '@servicedesk/api/mock-utils';
import { toast } from '@servicedesk/ui/Toast';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 60_000 });

const server = mockServerForFile();
beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

/** Every body POSTed to /stock/operations; each is refused as short of stock. */
function refusingPosts() {
  const posted: unknown[] = [];
  server.use(
    http.post(apiPath('/stock/operations'), async ({ request }) => {
      posted.push(await request.json());
      return errorResponse(422, 'insufficientStock', 'Not enough', { available: 0, requested: 1 });
    }),
  );
  return posted;
}

/** The posting prompt: it says what will change; its Post sends. */
async function confirmPost(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('alertdialog', { name: 'Post this Issue?' });
  expect(dialog).toHaveTextContent('Posting changes the stock of Mərkəzi anbar at once (1 lines)');
  await user.click(within(dialog).getByRole('button', { name: 'Post' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('stock operation form: the product\'s own validation, and it recovers after an error', () => {
  it('shows our translated required messages (no native bubble) and sends once the fields are fixed, again after a refusal', async () => {
    signIn();
    const posted = refusingPosts();
    const user = userEvent.setup();
    renderApp('/home/inventory/warehouses/operations/new');
    await screen.findByRole('heading', { level: 1, name: 'New operation' }, { timeout: 20_000 });
    const material = await screen.findByRole('combobox', { name: /Material/ }, { timeout: 10_000 });
    // No field carries the native `required` that makes the browser show its own bubble.
    expect(material).not.toHaveAttribute('required');

    // Sent empty: our messages, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(3));
    expect(material).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveLength(0);

    await choose(user, /Operation/, 'Issue');
    await choose(user, /Warehouse/, 'Mərkəzi anbar');
    await choose(user, /Recipient/, 'Rəşad Əliyev');
    // Still no material: one message left, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(1));
    expect(posted).toHaveLength(0);

    // Fixing that one field is enough: the form sends.
    await user.type(material, 'A4');
    await user.click(await screen.findByRole('option', { name: 'PP-A4 — A4 kağız, 500 vərəq' }));
    expect(material).toHaveValue('PP-A4 — A4 kağız, 500 vərəq');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await confirmPost(user);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ kind: 'issue', warehouseId: 1, recipientUserId: 2, lines: [{ materialId: 2, quantity: 1 }] });
    await waitFor(() => expect(screen.getAllByText(/Not enough in stock/).length).toBeGreaterThan(0));
    expect(screen.queryByText('This field is required.')).toBeNull();

    // After the refusal: the material is still picked and shown, and the next submit sends.
    expect(material).toHaveValue('PP-A4 — A4 kağız, 500 vərəq');
    const quantity = screen.getByRole('textbox', { name: /Quantity/ });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await confirmPost(user);
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ lines: [{ materialId: 2, quantity: 2 }] });
    expect(within(screen.getByRole('form', { name: 'New operation' })).queryByText('This field is required.')).toBeNull();
  });

  it('asks before posting (stock moves at once): Cancel sends nothing; a refusal is said in an error toast', async () => {
    signIn();
    const posted = refusingPosts();
    const shown = vi.spyOn(toast, 'show');
    const user = userEvent.setup();
    renderApp('/home/inventory/warehouses/operations/new');
    await screen.findByRole('heading', { level: 1, name: 'New operation' }, { timeout: 20_000 });
    await choose(user, /Operation/, 'Issue');
    await choose(user, /Warehouse/, 'Mərkəzi anbar');
    await choose(user, /Recipient/, 'Rəşad Əliyev');
    const material = screen.getByRole('combobox', { name: /Material/ });
    await user.type(material, 'A4');
    await user.click(await screen.findByRole('option', { name: 'PP-A4 — A4 kağız, 500 vərəq' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Post this Issue?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posted).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await confirmPost(user);
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(shown).toHaveBeenCalledWith(expect.objectContaining({ variant: 'error', title: expect.stringContaining('Not enough in stock') })));
  });

  it('asks for the units of a tracked material: a scanned serial picks its unit, an unknown code is said, the chosen unit is sent', async () => {
    signIn();
    const posted = refusingPosts();
    const user = userEvent.setup();
    renderApp('/home/inventory/warehouses/operations/new');
    await screen.findByRole('heading', { level: 1, name: 'New operation' }, { timeout: 20_000 });
    await choose(user, /Operation/, 'Issue');
    await choose(user, /Warehouse/, 'Mərkəzi anbar');
    await choose(user, /Recipient/, 'Rəşad Əliyev');
    const material = screen.getByRole('combobox', { name: /Material/ });
    await user.type(material, 'Dell');
    await user.click(await screen.findByRole('option', { name: 'NB-DL5440 — Noutbuk Dell Latitude 5440' }));
    // Without units nothing is sent: the line asks for them.
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Choose the units that move.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    // A scanner types a code and presses Enter: one not available here is said, the unit's serial picks it.
    const scan = await screen.findByRole('textbox', { name: /Scan or type a unit/ });
    await user.type(scan, 'SN-404{Enter}');
    expect(await screen.findByText('SN-404 is not among the available units here.')).toBeInTheDocument();
    await user.clear(scan);
    await user.type(scan, 'sn-001{Enter}');
    expect(await screen.findByText('Chosen: 1 of 1 available')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /AST-000001/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await confirmPost(user);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ kind: 'issue', lines: [{ materialId: 1, quantity: 1, inventoryIds: [1] }] });
  });

  it('the camera button reads a code and adds its unit as if typed; without a camera it says so', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/inventory/warehouses/operations/new');
    await screen.findByRole('heading', { level: 1, name: 'New operation' }, { timeout: 20_000 });
    await choose(user, /Operation/, 'Issue');
    await choose(user, /Warehouse/, 'Mərkəzi anbar');
    await choose(user, /Recipient/, 'Rəşad Əliyev');
    await user.type(screen.getByRole('combobox', { name: /Material/ }), 'Dell');
    await user.click(await screen.findByRole('option', { name: 'NB-DL5440 — Noutbuk Dell Latitude 5440' }));
    expect(await screen.findByText('Chosen: 0 of 1 available')).toBeInTheDocument();

    // jsdom has no camera (no navigator.mediaDevices, as on a page not served over https).
    await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a code' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No camera is available here');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A phone: a camera, and the browser's BarcodeDetector reading the unit's serial off its label.
    const track = { stop: vi.fn() };
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track] })) } });
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code', 'code_128'];
        detect = async () => [{ rawValue: 'sn-001' }];
      },
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      await user.click(screen.getByRole('button', { name: 'Scan with the camera' }));
      expect(await screen.findByText('Chosen: 1 of 1 available')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: /AST-000001/ })).toBeChecked();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(track.stop).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    }
  });

  it('a serial scanned before the units list has loaded still picks its unit (the e2e flake of stock-count.spec)', async () => {
    signIn();
    const posted = refusingPosts();
    // The list of the warehouse's units (no search) is held until the scan is done; the scan's own
    // question (with the code as search) is answered at once by the default handler.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(apiPath('/stock/units'), async ({ request }) => {
        const body = (await request.clone().json()) as { search?: string };
        if (!body.search) await held;
      }),
    );
    const user = userEvent.setup();
    renderApp('/home/inventory/warehouses/operations/new');
    await screen.findByRole('heading', { level: 1, name: 'New operation' }, { timeout: 20_000 });
    await choose(user, /Operation/, 'Issue');
    await choose(user, /Warehouse/, 'Mərkəzi anbar');
    await choose(user, /Recipient/, 'Rəşad Əliyev');
    await user.type(screen.getByRole('combobox', { name: /Material/ }), 'Dell');
    await user.click(await screen.findByRole('option', { name: 'NB-DL5440 — Noutbuk Dell Latitude 5440' }));
    const scan = await screen.findByRole('textbox', { name: /Scan or type a unit/ });
    await user.type(scan, 'sn-001{Enter}');
    expect(await screen.findByText('Chosen: 1 (loading the available units…)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /AST-000001/ })).toBeChecked();
    expect(scan).toHaveValue('');
    expect(screen.queryByText(/is not among the available units/)).toBeNull();
    release();
    expect(await screen.findByText('Chosen: 1 of 1 available')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /AST-000001/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await confirmPost(user);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ kind: 'issue', lines: [{ materialId: 1, quantity: 1, inventoryIds: [1] }] });
  });
});
