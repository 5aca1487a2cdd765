import { loginResponse, sessionUser, systemHasLdapResponse, userSessionList } from '@servicedesk/contracts';

/** The password of every seeded demo user (and of the mocks). */
export const demoPassword = 'Demo1234';

/** The demo sign-ins the mocks accept (the seeded users of the team brief). */
export const demoEmails = [
  'admin@servicedesk.az',
  'employee@servicedesk.az',
  'lead@servicedesk.az',
  'executor@servicedesk.az',
  'director@servicedesk.az',
  'visapool@servicedesk.az',
  'lawyer@servicedesk.az',
  'clerk@servicedesk.az',
  'accountant@servicedesk.az',
  'warehouse@servicedesk.az',
] as const;

/** The admin as stored after login (parsed by the contract: drift fails at import). */
export const sessionUserFixture = sessionUser.parse({
  id: 1,
  firstName: 'Aysel',
  lastName: 'Məmmədova',
  email: 'admin@servicedesk.az',
  imgPath: null,
  language: 'az',
  theme: 'light',
  userTypeId: 1,
  userTypeName: 'Administrator',
});

/**
 * A login answer with a fixed expiry (deterministic stories); the login handler replaces
 * `expiresAt` by now + 8 h.
 */
export const loginResponseFixture = loginResponse.parse({
  token: 'mock.jwt.token',
  expiresAt: '2030-01-01T08:00:00.000Z',
  user: sessionUserFixture,
});

/** The default answer of systemHasLdap: no company directory. */
export const systemHasLdapFixture = systemHasLdapResponse.parse({ systemHasLdap: false });

/** Two open sessions of the signed-in user (issue #20): this browser and a phone, fixed instants. */
export const sessionsFixture = userSessionList.parse([
  {
    id: 'this-browser',
    device: 'Chrome on Windows',
    ip: '10.0.0.15',
    createdAt: '2026-11-24T07:58:00.000Z',
    lastSeenAt: '2026-11-24T09:12:00.000Z',
    expiresAt: '2026-11-24T15:58:00.000Z',
    isCurrent: true,
  },
  {
    id: 'the-phone',
    device: 'Safari on iOS',
    ip: '10.0.4.31',
    createdAt: '2026-11-23T16:20:00.000Z',
    lastSeenAt: '2026-11-23T18:05:00.000Z',
    expiresAt: '2026-11-24T00:20:00.000Z',
    isCurrent: false,
  },
]);
