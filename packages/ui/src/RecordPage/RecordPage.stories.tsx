import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ApprovalTimeline } from '../ApprovalTimeline';
import {
  chainInApproval,
  englishTexts as timelineTexts,
  formatUtc,
} from '../ApprovalTimeline/fixtures';
import { AvatarGroup } from '../AvatarGroup';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { DecisionBar } from '../DecisionBar';
import { englishTexts as decisionTexts } from '../DecisionBar/fixtures';
import { FileList } from '../FileList';
import { StatusBadge } from '../StatusBadge';
import { TextArea } from '../TextArea';
import { RecordPage, RecordSection } from './RecordPage';

const viewers = [
  { id: 1, name: 'Aysel Məmmədova', src: null },
  { id: 2, name: 'Rəşad Həsənov', src: null },
];

const meta = {
  title: 'Records/RecordPage',
  component: RecordPage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: {
    back: <a href="#list">Back to the list</a>,
    number: 'EQ-2026-00042',
    title: 'Laptop for the new accountant',
    status: <StatusBadge status="pending">In approval</StatusBadge>,
    viewers: (
      <AvatarGroup
        people={viewers}
        label="Viewing now: Aysel Məmmədova, Rəşad Həsənov"
        size="sm"
        moreLabel={(n) => `${n} more`}
      />
    ),
    actions: (
      <>
        <Button variant="secondary">Print</Button>
        <Button variant="danger">Cancel the request</Button>
      </>
    ),
    fieldsTitle: 'Details',
    fields: [
      { label: 'Requester', value: 'Aysel Məmmədova' },
      { label: 'Department', value: 'Accounting' },
      { label: 'Amount', value: '2 450,00 AZN' },
      { label: 'Needed by', value: '1 Dec 2026' },
      { label: 'Priority', value: <Badge variant="warning">High</Badge> },
    ],
    timelineTitle: 'Approval',
    timeline: (
      <ApprovalTimeline
        steps={chainInApproval}
        label="Approval"
        texts={timelineTexts}
        formatDateTime={formatUtc}
      />
    ),
    comments: <TextArea label="Add a comment" rows={2} />,
    filesTitle: 'Attachments',
    files: (
      <FileList
        label="Attachments"
        downloadLabel="Download"
        files={[
          {
            id: 1,
            name: 'quote-from-supplier.pdf',
            url: '#quote',
            type: 'application/pdf',
            size: 183_000,
          },
        ]}
      />
    ),
    children: (
      <>
        <DecisionBar texts={decisionTexts} onDecide={async () => undefined} />
        <RecordSection title="Description">
          <p style={{ margin: 0 }}>
            A 14-inch laptop with a docking station, for the accountant who starts on 1 December.
          </p>
        </RecordSection>
      </>
    ),
  },
} satisfies Meta<typeof RecordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A record in approval: header, the decision bar, the comment box and chain in the history, details and files on the side. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Laptop for the new accountant' }),
    ).toBeVisible();
    await expect(canvas.getByText('EQ-2026-00042')).toBeVisible();
    const details = canvas.getByRole('region', { name: 'Details' });
    await expect(within(details).getByText('Accounting')).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Description' })).toHaveTextContent(
      'A 14-inch laptop',
    );
    await expect(canvas.getByRole('region', { name: 'Approval' })).toContainElement(
      canvas.getByRole('textbox', { name: 'Add a comment' }),
    );
    await expect(canvas.getByRole('region', { name: 'Attachments' })).toHaveTextContent(
      'quote-from-supplier.pdf',
    );
    await expect(
      canvas.getByRole('list', { name: 'Viewing now: Aysel Məmmədova, Rəşad Həsənov' }),
    ).toBeVisible();
    // The two columns sit side by side on a wide screen.
    const decision = canvas.getByRole('group', { name: 'Your decision' });
    await expect(details.getBoundingClientRect().left).toBeGreaterThan(
      decision.getBoundingClientRect().right,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }));
    await expect(canvas.getByRole('textbox', { name: 'Comment' })).toHaveFocus();
  },
};

/** Comments in a section of their own when `commentsTitle` is given; no viewers, actions or files. */
export const SeparateComments: Story = {
  args: {
    commentsTitle: 'Comments',
    viewers: undefined,
    actions: undefined,
    files: undefined,
    children: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Comments' })).toContainElement(
      canvas.getByRole('textbox', { name: 'Add a comment' }),
    );
    await expect(canvas.queryByRole('region', { name: 'Attachments' })).toBeNull();
  },
};

/** On a phone: one column, the fields one under another. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [first, second] = within(canvas.getByRole('region', { name: 'Details' })).getAllByRole(
      'term',
    );
    await expect(second!.getBoundingClientRect().top).toBeGreaterThan(
      first!.getBoundingClientRect().bottom,
    );
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Long Azerbaijani title, labels and values wrap. */
export const LongAzerbaijaniText: Story = {
  args: {
    back: <a href="#list">Müraciətlərin siyahısına qayıt</a>,
    title:
      'Mühasibatlıq şöbəsinin yeni əməkdaşı üçün noutbuk, monitor və dok-stansiyanın alınması barədə müraciət',
    status: (
      <StatusBadge status="pending">Struktur bölmə rəhbərinin təsdiqini gözləyir</StatusBadge>
    ),
    viewers: undefined,
    actions: <Button variant="danger">Müraciəti ləğv etmək</Button>,
    fieldsTitle: 'Məlumatlar',
    fields: [
      {
        label: 'Müraciət edən əməkdaşın soyadı, adı və ata adı',
        value: 'Gülnarə Məmmədhəsənova-Əlizadə Qəzənfər qızı',
      },
      {
        label: 'Struktur bölmə',
        value: 'Maliyyə-təsərrüfat fəaliyyəti və mühasibat uçotu departamenti',
      },
    ],
    timelineTitle: 'Təsdiqləmə',
    comments: undefined,
    files: undefined,
    children: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Mühasibatlıq şöbəsinin',
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

/** Russian on a phone. */
export const LongRussianTextPhone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  args: {
    back: <a href="#list">Вернуться к списку заявок</a>,
    title: 'Приобретение ноутбука для нового сотрудника бухгалтерии',
    status: <StatusBadge status="pending">На согласовании у руководителя</StatusBadge>,
    viewers: undefined,
    actions: <Button variant="danger">Отменить заявку</Button>,
    fieldsTitle: 'Сведения',
    fields: [
      { label: 'Заявитель', value: 'Константин Александрович Верховцев-Рождественский' },
      { label: 'Подразделение', value: 'Департамент финансово-хозяйственной деятельности' },
    ],
    timelineTitle: 'Согласование',
    comments: undefined,
    files: undefined,
    children: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
