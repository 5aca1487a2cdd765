import { Client, InvalidCredentialsError } from 'ldapts';
import { afterAll, describe, expect, it } from 'vitest';
import { startSlapdOrSkip, testDirectory } from './slapd';

const slapd = await startSlapdOrSkip();
afterAll(async () => {
  if (typeof slapd !== 'string') await slapd.stop();
});

describe.skipIf(typeof slapd === 'string')('the throwaway slapd of the directory tests', () => {
  const url = typeof slapd === 'string' ? '' : slapd.url;

  it('lets a user of directory.ldif bind with the shared password and refuses a wrong one', async () => {
    const client = new Client({ url });
    await client.bind(testDirectory.dn('alice'), testDirectory.password);
    await client.unbind();
    await expect(new Client({ url }).bind(testDirectory.dn('alice'), 'wrong')).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('refuses the disabled and the expired user even with the right password (ppolicy)', async () => {
    for (const uid of ['dave', 'erin']) {
      await expect(new Client({ url }).bind(testDirectory.dn(uid), testDirectory.password)).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
  });
});
