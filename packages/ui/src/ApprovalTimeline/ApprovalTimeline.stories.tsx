import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ApprovalTimeline } from './ApprovalTimeline';
import { chainInApproval, chainRejected, englishTexts, formatUtc } from './fixtures';

const meta = {
  title: 'Records/ApprovalTimeline',
  component: ApprovalTimeline,
  tags: ['autodocs'],
  args: {
    label: 'Approval',
    texts: englishTexts,
    steps: chainInApproval,
    formatDateTime: formatUtc,
    emptyText: 'No approval needed.',
  },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof ApprovalTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In approval: the lawyers' step (all must approve) is current; one of two has approved. */
export const InApproval: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Approval' });
    const steps = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    await expect(steps).toHaveLength(4);
    const current = list.querySelector('[aria-current="step"]');
    await expect(current).toBe(steps[2]);
    await expect(current).toHaveTextContent('Current step: LawyerPendingAll must approve');
    await expect(steps[1]).toHaveTextContent(
      'Approved by Leyla Babayeva on behalf of Nigar Əliyeva',
    );
    await expect(steps[1]).toHaveTextContent('21 Nov 2026, 11:15');
    await expect(steps[0]).toHaveTextContent('Needed for the new hire.');
    await expect(steps[3]).toHaveTextContent('DirectorWaitingApprovers: Leyla Babayeva');
  },
};

/** Rejected by the director with a comment; the accountant's step skipped. */
export const Rejected: Story = {
  args: { steps: chainRejected },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Approval' });
    await expect(list.querySelector('[aria-current]')).toBeNull();
    await expect(list).toHaveTextContent('Rejected by Leyla Babayeva');
    await expect(list).toHaveTextContent('Over this year’s budget');
    await expect(within(list).getByText('Skipped')).toBeInTheDocument();
  },
};

/** Compact: one line per step, the latest decision without comments or avatars (for cards and lists). */
export const Compact: Story = {
  args: { variant: 'compact' },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Approval' });
    await expect(list).not.toHaveTextContent('Needed for the new hire.');
    await expect(list).not.toHaveTextContent('Approvers');
    await expect(list).toHaveTextContent('Approved by Rəşad Həsənov');
    await expect(list.querySelector('[aria-current="step"]')).toHaveTextContent('Lawyer');
  },
};

/** Every state side by side. */
export const AllStates: Story = {
  args: {
    steps: (
      ['waiting', 'pending', 'approved', 'rejected', 'returned', 'delegated', 'skipped'] as const
    ).map((state, i) => ({
      id: state,
      label: `Step ${i + 1}`,
      state,
    })),
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Approval' });
    for (const word of [
      'Waiting',
      'Pending',
      'Approved',
      'Rejected',
      'Returned',
      'Delegated',
      'Skipped',
    ])
      await expect(within(list).getByText(word)).toBeInTheDocument();
  },
};

/** No chain: the empty text. */
export const Empty: Story = {
  args: { steps: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No approval needed.')).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};

const azWord = {
  approved: 'təsdiqlədi',
  rejected: 'rədd etdi',
  returned: 'geri qaytardı',
  delegated: 'həvalə etdi',
} as const;

/** Long Azerbaijani names, step names and comment wrap inside a narrow column; dates through Intl with `locale`. */
export const LongAzerbaijaniText: Story = {
  args: {
    label: 'Təsdiqləmə',
    locale: 'az',
    timeZone: 'UTC',
    formatDateTime: undefined,
    texts: {
      states: {
        waiting: 'Gözləyir',
        pending: 'Qərar gözlənilir',
        approved: 'Təsdiqləndi',
        rejected: 'Rədd edildi',
        returned: 'Geri qaytarıldı',
        delegated: 'Həvalə edildi',
        skipped: 'Ötürüldü',
      },
      modes: { all: 'Hamısı təsdiqləməlidir', any: 'Biri kifayətdir' },
      approvers: 'Təsdiqləyənlər',
      decision: (o, by, behalf) =>
        behalf ? `${behalf} adından ${by} ${azWord[o]}` : `${by} ${azWord[o]}`,
      currentStep: 'Cari addım',
    },
    steps: [
      {
        id: 1,
        label: 'Struktur bölmənin rəhbəri və maliyyə-təsərrüfat departamentinin direktor müavini',
        mode: 'all',
        state: 'pending',
        approvers: [
          { id: 1, name: 'Gülnarə Məmmədhəsənova-Əlizadə' },
          { id: 2, name: 'Əbülfəz Qəzənfəroğlu Səfərəliyev' },
        ],
        decisions: [
          {
            id: 1,
            by: { id: 3, name: 'Səbinə Hüseynquliyeva-Rzayeva' },
            onBehalfOf: { id: 2, name: 'Əbülfəz Qəzənfəroğlu Səfərəliyev' },
            at: '2026-11-21T14:05:00Z',
            outcome: 'approved',
            comment:
              'Büdcə limitinə uyğun olaraq təsdiqlənir; avadanlığın çatdırılması növbəti rübün birinci ayında, anbar müdirinin iştirakı ilə həyata keçirilməlidir və qəbul aktı imzalanmalıdır.',
          },
        ],
      },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Təsdiqləmə' });
    await expect(list).toHaveTextContent(
      'Əbülfəz Qəzənfəroğlu Səfərəliyev adından Səbinə Hüseynquliyeva-Rzayeva təsdiqlədi',
    );
    await expect(list.querySelector('time')).toHaveAttribute('datetime', '2026-11-21T14:05:00Z');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

/** Russian texts wrap as well. */
export const LongRussianText: Story = {
  args: {
    label: 'Согласование',
    locale: 'ru',
    timeZone: 'UTC',
    formatDateTime: undefined,
    variant: 'compact',
    texts: {
      ...englishTexts,
      states: {
        ...englishTexts.states,
        returned: 'Возвращено на доработку',
        waiting: 'Ожидает',
        pending: 'На рассмотрении',
      },
      decision: (_o, by, behalf) =>
        behalf ? `Возвращено: ${by} от имени ${behalf}` : `Возвращено: ${by}`,
      currentStep: 'Текущий шаг',
    },
    steps: [
      {
        id: 1,
        label: 'Заместитель директора по финансово-хозяйственной деятельности',
        state: 'returned',
        decisions: [
          {
            id: 1,
            by: { id: 1, name: 'Константин Александрович Верховцев-Рождественский' },
            at: '2026-11-21T14:05:00Z',
            outcome: 'returned',
          },
        ],
      },
      { id: 2, label: 'Главный бухгалтер', state: 'waiting' },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Согласование' });
    await expect(list).toHaveTextContent('Возвращено на доработку');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};
