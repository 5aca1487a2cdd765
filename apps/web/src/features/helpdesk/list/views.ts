import type { HelpdeskListScope } from '@servicedesk/contracts';

/**
 * The views the signed-in user may use: their own requests always; assigned to them and their
 * groups' queue when they are in a group (lead or member) or may take requests; every request
 * only with `helpdesk.requests.viewAll`; without it, "involving me" (all three together) where
 * that differs from their own (what the user may not use is not shown).
 */
export function availableViews(inGroup: boolean, can: (key: string) => boolean): HelpdeskListScope[] {
  const takesPart = inGroup || can('helpdesk.requests.repair');
  const all = can('helpdesk.requests.viewAll');
  return [
    'mine',
    ...(takesPart ? (['assigned'] as const) : []),
    ...(inGroup ? (['queue'] as const) : []),
    ...(takesPart && !all ? (['involved'] as const) : []),
    ...(all ? (['all'] as const) : []),
  ];
}
