import { loadLdapConfig, type LdapConfig } from '../../src/config';
import { testDirectory } from './slapd';

/**
 * The LDAP_* variables an operator would set for the throwaway directory at `url`
 * (test/ldap/slapd.ts); `env` adds or overrides variables. The e2e spec starts a server with them.
 */
export function testLdapEnv(url: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    LDAP_URL: url,
    LDAP_BIND_DN: testDirectory.adminDn,
    LDAP_BIND_PASSWORD: testDirectory.adminPassword,
    LDAP_USER_BASE_DN: testDirectory.userBaseDn,
    LDAP_USER_FILTER: '(objectClass=inetOrgPerson)',
    LDAP_LOGIN_ATTRIBUTE: 'uid,mail',
    LDAP_GROUP_BASE_DN: testDirectory.groupBaseDn,
    LDAP_PASSWORD_POLICY_DN: 'cn=default,ou=policies,dc=example,dc=org',
    LDAP_ATTRIBUTES: 'location=l',
    LDAP_GROUP_MAP: JSON.stringify({
      [testDirectory.groupDn('it-staff')]: { userType: 'itExecutor', groups: ['IT support'] },
      [testDirectory.groupDn('finance')]: { userType: 'accountant' },
    }),
    LDAP_SYNC_INTERVAL_MINUTES: '0',
    ...env,
  };
}

/** {@link testLdapEnv} read as the server reads it. */
export function testLdapConfig(url: string, env: Record<string, string> = {}): LdapConfig {
  return loadLdapConfig(testLdapEnv(url, env))!;
}
