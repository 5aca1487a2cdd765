import { http, HttpResponse } from 'msw';
import { directoryApplyInput, type DirectoryPlan, type DirectorySettings, type DirectorySyncRun } from '@servicedesk/contracts';
import { apiPath, errorResponse } from '../../mock-utils';

/** The mocks' directory: an OpenLDAP with two mapped groups, a 20% deactivation share. */
export const directorySettingsFixture: DirectorySettings = {
  configured: true,
  url: 'ldap://ldap.example.org:389',
  startTls: true,
  caFile: '/etc/ssl/example-ca.pem',
  bindDn: 'cn=servicedesk,ou=services,dc=example,dc=org',
  userBaseDn: 'ou=people,dc=example,dc=org',
  userFilter: '(objectClass=inetOrgPerson)',
  loginAttributes: ['uid', 'mail'],
  groupBaseDn: 'ou=groups,dc=example,dc=org',
  groupFilter: '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames))',
  attributes: { firstName: 'givenName', lastName: 'sn', email: 'mail', phone: 'telephoneNumber', position: 'title', location: 'l' },
  groupMap: [
    { groupDn: 'cn=it-staff,ou=groups,dc=example,dc=org', userType: 'itExecutor', groups: ['IT support'] },
    { groupDn: 'cn=finance,ou=groups,dc=example,dc=org', userType: 'accountant' },
  ],
  defaultUserType: 'employee',
  syncIntervalMinutes: 60,
  maxDeactivatePercent: 20,
};

/** The plan the mocks answer: one user to create, one to update, three to deactivate (60% > 20%). */
export const directoryPlanFixture: DirectoryPlan = {
  items: [
    { action: 'create', dn: 'uid=alice,ou=people,dc=example,dc=org', userId: null, email: 'alice@example.org', name: 'Alice Aliyeva', changes: { firstName: { from: null, to: 'Alice' }, userType: { from: null, to: 'itExecutor' } } },
    { action: 'update', dn: 'uid=bob,ou=people,dc=example,dc=org', userId: 12, email: 'bob@example.org', name: 'Bob Babayev', changes: { position: { from: 'Accountant', to: 'Chief accountant' } } },
    ...['carol', 'dave', 'erin'].map((uid, i) => ({ action: 'deactivate' as const, dn: `uid=${uid},ou=people,dc=example,dc=org`, userId: 20 + i, email: `${uid}@example.org`, name: uid, changes: { isActive: { from: 'true', to: 'false' } } })),
  ],
  counts: { created: 1, updated: 1, deactivated: 3, reactivated: 0, unchanged: 0 },
  total: 2,
  errors: [],
  deactivatePercent: 60,
  linked: 5,
};

/**
 * MSW handlers of /api/admin/directory: settings, a passing connection test, runs recorded in
 * memory, a preview answering {@link directoryPlanFixture}, and an apply that is held back (422
 * `directoryConfirmationNeeded`) until `confirmed` is sent.
 */
export function createDirectoryHandlers() {
  const runs: DirectorySyncRun[] = [];
  const record = (mode: DirectorySyncRun['mode'], status: DirectorySyncRun['status']) => {
    const run: DirectorySyncRun = { id: runs.length + 1, actorId: 1, actorName: 'Aysel Məmmədova', trigger: 'admin', mode, status, ...directoryPlanFixture.counts, errors: [], startedAt: new Date().toISOString(), finishedAt: new Date().toISOString() };
    runs.unshift(run);
    return run;
  };
  return [
    http.get(apiPath('/admin/directory'), () => HttpResponse.json(directorySettingsFixture)),
    http.get(apiPath('/admin/directory/runs'), () => HttpResponse.json(runs)),
    http.post(apiPath('/admin/directory/test'), () =>
      HttpResponse.json({
        bind: { ok: true, message: null },
        search: { ok: true, message: null, count: 5 },
        sample: { dn: 'uid=alice,ou=people,dc=example,dc=org', fields: { firstName: 'Alice', lastName: 'Aliyeva', email: 'alice@example.org' }, userType: 'itExecutor', groups: ['IT support'] },
      }),
    ),
    http.post(apiPath('/admin/directory/preview'), () => HttpResponse.json({ run: record('preview', 'previewed'), plan: directoryPlanFixture })),
    http.post(apiPath('/admin/directory/apply'), async ({ request }) => {
      const body = directoryApplyInput.parse(await request.json());
      if (!body.confirmed) {
        record('apply', 'heldBack');
        return errorResponse(422, 'directoryConfirmationNeeded', 'Confirm to apply it.', { count: 3, total: 5, percent: 20 });
      }
      return HttpResponse.json({ run: record('apply', 'applied'), plan: directoryPlanFixture });
    }),
  ];
}
