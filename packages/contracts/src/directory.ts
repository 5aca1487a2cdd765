import { z } from 'zod';

/*
 * The company-directory administration (/api/admin/directory): the configuration in effect, a
 * connection test, sync previews and runs. Texts are translated on the client (area `admin`).
 */

/** A local field the directory fills and an admin may pin (the sync then leaves it alone). */
export const directoryPinField = z.enum(['firstName', 'lastName', 'email', 'phone', 'position', 'location', 'userType', 'groups']);
export type DirectoryPinField = z.infer<typeof directoryPinField>;

/** GET /api/admin/directory: the LDAP_* configuration in effect (never the service password). */
export const directorySettings = z.object({
  configured: z.boolean(),
  url: z.string().nullable(),
  startTls: z.boolean(),
  caFile: z.string().nullable(),
  bindDn: z.string().nullable(),
  userBaseDn: z.string().nullable(),
  userFilter: z.string().nullable(),
  loginAttributes: z.array(z.string()),
  groupBaseDn: z.string().nullable(),
  groupFilter: z.string().nullable(),
  /** Local field → directory attribute. */
  attributes: z.record(z.string(), z.string()),
  groupMap: z.array(z.object({ groupDn: z.string(), userType: z.string().optional(), groups: z.array(z.string()).optional() })),
  defaultUserType: z.string().nullable(),
  /** Minutes between scheduled syncs; 0 = only by hand. */
  syncIntervalMinutes: z.number().int(),
  /** Share of directory users one sync may deactivate without a confirmation, in percent. */
  maxDeactivatePercent: z.number().int(),
});
export type DirectorySettings = z.infer<typeof directorySettings>;

/** One step of the connection test; `message` is the directory's or the network's answer when it failed. */
const testStep = z.object({ ok: z.boolean(), message: z.string().nullable() });

/** POST /api/admin/directory/test: bind as the service account, search the user base, show one user as mapped. */
export const directoryTestResult = z.object({
  bind: testStep,
  search: testStep.extend({ count: z.number().int() }),
  sample: z
    .object({
      dn: z.string(),
      fields: z.record(z.string(), z.string()),
      userType: z.string(),
      groups: z.array(z.string()),
    })
    .nullable(),
});
export type DirectoryTestResult = z.infer<typeof directoryTestResult>;

/** One user's change in a sync plan; `changes` is `{ field: { from, to } }` with names, not ids. */
export const directoryPlanItem = z.object({
  action: z.enum(['create', 'update', 'deactivate', 'reactivate']),
  dn: z.string(),
  userId: z.number().int().nullable(),
  email: z.string(),
  name: z.string(),
  changes: z.record(z.string(), z.object({ from: z.string().nullable(), to: z.string().nullable() })),
});
export type DirectoryPlanItem = z.infer<typeof directoryPlanItem>;

const counts = z.object({ created: z.number().int(), updated: z.number().int(), deactivated: z.number().int(), reactivated: z.number().int(), unchanged: z.number().int() });

export const directoryPlan = z.object({
  items: z.array(directoryPlanItem),
  counts,
  total: z.number().int(),
  errors: z.array(z.object({ dn: z.string().optional(), message: z.string() })),
  /** Share of linked users the plan deactivates, percent. */
  deactivatePercent: z.number(),
  /** Active users here linked to the directory before the plan (what the share is of). */
  linked: z.number().int(),
});
export type DirectoryPlan = z.infer<typeof directoryPlan>;

/** A recorded sync run. */
export const directorySyncRun = counts.extend({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  trigger: z.enum(['schedule', 'admin']),
  mode: z.enum(['preview', 'apply']),
  status: z.enum(['previewed', 'applied', 'heldBack', 'failed', 'skipped']),
  errors: z.array(z.object({ dn: z.string().optional(), message: z.string() })),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DirectorySyncRun = z.infer<typeof directorySyncRun>;
export const directorySyncRunList = z.array(directorySyncRun);

/** POST /api/admin/directory/preview and /apply answer. */
export const directorySyncResponse = z.object({ run: directorySyncRun, plan: directoryPlan });
export type DirectorySyncResponse = z.infer<typeof directorySyncResponse>;

/** POST /api/admin/directory/apply body: `confirmed` lets a plan over the deactivation share through. */
export const directoryApplyInput = z.object({ confirmed: z.boolean().optional() });

/** PUT /api/admin/directory/users/{id}/pins body. */
export const directoryPinsInput = z.object({ fields: z.array(directoryPinField) });
