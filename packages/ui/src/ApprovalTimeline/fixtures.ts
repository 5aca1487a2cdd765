import type { ApprovalStep, ApprovalTimelineTexts } from './ApprovalTimeline';

/* Example chain and English texts shared by the stories and the test (not exported by the package). */

const outcomeWord = {
  approved: 'Approved',
  rejected: 'Rejected',
  returned: 'Returned',
  delegated: 'Delegated',
} as const;

export const englishTexts: ApprovalTimelineTexts = {
  states: {
    waiting: 'Waiting',
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    returned: 'Returned',
    delegated: 'Delegated',
    skipped: 'Skipped',
  },
  modes: { all: 'All must approve', any: 'Any one approves' },
  approvers: 'Approvers',
  decision: (outcome, by, onBehalfOf) =>
    onBehalfOf
      ? `${outcomeWord[outcome]} by ${by} on behalf of ${onBehalfOf}`
      : `${outcomeWord[outcome]} by ${by}`,
  currentStep: 'Current step',
};

/** Fixed dates in UTC, shown the same on every machine. */
export const formatUtc = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));

export const people = {
  aysel: { id: 1, name: 'Aysel Məmmədova' },
  rashad: { id: 2, name: 'Rəşad Həsənov' },
  nigar: { id: 3, name: 'Nigar Əliyeva' },
  orkhan: { id: 4, name: 'Orxan Quliyev' },
  leyla: { id: 5, name: 'Leyla Babayeva' },
};

/** Group lead approved; the visa pool (any one) approved through a substitute; the lawyer decides now; the director waits. */
export const chainInApproval: ApprovalStep[] = [
  {
    id: 'lead',
    label: 'Group lead',
    state: 'approved',
    approvers: [people.rashad],
    decisions: [
      {
        id: 11,
        by: people.rashad,
        at: '2026-11-20T09:30:00Z',
        outcome: 'approved',
        comment: 'Needed for the new hire.',
      },
    ],
  },
  {
    id: 'visa',
    label: 'Visa pool',
    mode: 'any',
    state: 'approved',
    approvers: [people.nigar, people.orkhan],
    decisions: [
      {
        id: 12,
        by: people.leyla,
        onBehalfOf: people.nigar,
        at: '2026-11-21T11:15:00Z',
        outcome: 'approved',
      },
    ],
  },
  {
    id: 'lawyer',
    label: 'Lawyer',
    mode: 'all',
    state: 'pending',
    approvers: [people.aysel, people.orkhan],
    decisions: [{ id: 13, by: people.orkhan, at: '2026-11-22T08:00:00Z', outcome: 'approved' }],
  },
  { id: 'director', label: 'Director', state: 'waiting', approvers: [people.leyla] },
];

/** Rejected at the second step; the rest skipped. */
export const chainRejected: ApprovalStep[] = [
  {
    id: 'lead',
    label: 'Group lead',
    state: 'approved',
    approvers: [people.rashad],
    decisions: [{ id: 21, by: people.rashad, at: '2026-11-20T09:30:00Z', outcome: 'approved' }],
  },
  {
    id: 'director',
    label: 'Director',
    state: 'rejected',
    approvers: [people.leyla],
    decisions: [
      {
        id: 22,
        by: people.leyla,
        at: '2026-11-21T16:45:00Z',
        outcome: 'rejected',
        comment: 'Over this year’s budget; submit again in the first quarter.',
      },
    ],
  },
  { id: 'accountant', label: 'Accountant', state: 'skipped', approvers: [people.nigar] },
];
