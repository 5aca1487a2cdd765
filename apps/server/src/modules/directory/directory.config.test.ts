import { describe, expect, it } from 'vitest';
import { loadLdapConfig } from '../../config';
import { groupsOf, userFilterFor, type DirectoryGroup, type DirectoryUser } from './directory.client';
import { normalizePhone } from './directory.plan';

describe('company directory configuration (LDAP_* variables)', () => {
  it('is off without LDAP_URL and fills the OpenLDAP defaults with it', () => {
    expect(loadLdapConfig({})).toBeNull();
    expect(loadLdapConfig({ LDAP_URL: 'ldap://dc', LDAP_USER_BASE_DN: 'ou=people,dc=x' })).toMatchObject({
      url: 'ldap://dc',
      startTls: false,
      loginAttributes: ['uid'],
      userFilter: '(objectClass=person)',
      groupBaseDn: 'ou=people,dc=x',
      attributes: { email: 'mail', location: 'l' },
      defaultUserType: 'employee',
      maxDeactivatePercent: 20,
      syncIntervalMinutes: 60,
    });
  });

  it('reads an Active Directory set-up: login attributes, attribute overrides and the group map in order', () => {
    const config = loadLdapConfig({
      LDAP_URL: 'ldaps://dc1:636',
      LDAP_LOGIN_ATTRIBUTE: 'sAMAccountName, userPrincipalName',
      LDAP_ATTRIBUTES: 'location=physicalDeliveryOfficeName,position=title',
      LDAP_GROUP_MAP: '{"CN=Helpdesk,DC=corp":{"userType":"itExecutor","groups":["IT support"]},"CN=All,DC=corp":{"userType":"employee"}}',
    })!;
    expect(config.loginAttributes).toEqual(['sAMAccountName', 'userPrincipalName']);
    expect(config.attributes.location).toBe('physicalDeliveryOfficeName');
    expect(config.groupMap).toEqual([
      { groupDn: 'CN=Helpdesk,DC=corp', userType: 'itExecutor', groups: ['IT support'] },
      { groupDn: 'CN=All,DC=corp', userType: 'employee' },
    ]);
  });

  it('refuses a malformed group map, attribute mapping or share at start', () => {
    expect(() => loadLdapConfig({ LDAP_URL: 'ldap://dc', LDAP_GROUP_MAP: '{not json' })).toThrow(/LDAP_GROUP_MAP/);
    expect(() => loadLdapConfig({ LDAP_URL: 'ldap://dc', LDAP_ATTRIBUTES: 'shoeSize=x' })).toThrow(/LDAP_ATTRIBUTES/);
    expect(() => loadLdapConfig({ LDAP_URL: 'ldap://dc', LDAP_SYNC_MAX_DEACTIVATE_PERCENT: '150' })).toThrow(/PERCENT/);
  });
});

describe('directory helpers', () => {
  const config = loadLdapConfig({ LDAP_URL: 'ldap://dc', LDAP_LOGIN_ATTRIBUTE: 'uid,mail', LDAP_USER_FILTER: '(objectClass=inetOrgPerson)' })!;

  it('escapes a typed name in the search filter (RFC 4515)', () => {
    expect(userFilterFor(config, '*)(uid=*')).toBe('(&(objectClass=inetOrgPerson)(|(uid=\\2a\\29\\28uid=\\2a)(mail=\\2a\\29\\28uid=\\2a)))');
  });

  it('follows nested groups and memberOf, and survives a cycle', () => {
    const user = { dn: 'uid=a,ou=p', memberOf: ['cn=ad-only,ou=g'] } as DirectoryUser;
    const groups: DirectoryGroup[] = [
      { dn: 'cn=inner,ou=g', name: 'inner', members: ['uid=a,ou=p'] },
      { dn: 'cn=outer,ou=g', name: 'outer', members: ['cn=inner,ou=g', 'cn=top,ou=g'] },
      { dn: 'cn=top,ou=g', name: 'top', members: ['cn=outer,ou=g'] },
      { dn: 'cn=other,ou=g', name: 'other', members: ['uid=b,ou=p'] },
    ];
    expect([...groupsOf(user, groups)].sort()).toEqual(['cn=ad-only,ou=g', 'cn=inner,ou=g', 'cn=outer,ou=g', 'cn=top,ou=g']);
  });

  it('turns a directory phone into 994 + 9 digits, or nothing', () => {
    expect(normalizePhone('+994 50 123 45 67')).toBe('994501234567');
    expect(normalizePhone('050 123 45 67')).toBe('994501234567');
    expect(normalizePhone('+1 212 555 0100')).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });
});
