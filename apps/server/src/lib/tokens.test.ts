import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createTokenService } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-of-enough-length-for-hs256');

afterEach(() => vi.useRealTimers());

describe('token service', () => {
  it('answers the user id of a valid token, again and again', async () => {
    const tokens = createTokenService(secret, 60);
    const { token } = await tokens.issue(42, 's42');
    expect(await tokens.verify(token)).toEqual({ userId: 42, sessionId: 's42' });
    expect(await tokens.verify(token)).toEqual({ userId: 42, sessionId: 's42' });
  });

  it('refuses a token once its expiry passes, even after it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    const tokens = createTokenService(secret, 1);
    const { token, expiresAt } = await tokens.issue(7, 's7');
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's7' });
    vi.setSystemTime(new Date(expiresAt.getTime() - 1));
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's7' });
    vi.setSystemTime(expiresAt);
    await expect(tokens.verify(token)).rejects.toMatchObject({ statusCode: 401, code: 'tokenExpired' });
    // And stays refused (not answered from memory).
    await expect(tokens.verify(token)).rejects.toMatchObject({ code: 'tokenExpired' });
  });

  it('refuses a token signed with another secret or altered', async () => {
    const mine = createTokenService(secret, 60);
    const theirs = createTokenService(new TextEncoder().encode('another-secret-another-secret-another'), 60);
    const { token } = await theirs.issue(1, 's1');
    await expect(mine.verify(token)).rejects.toMatchObject({ code: 'invalidToken' });
    const good = (await mine.issue(1, 's1')).token;
    expect(await mine.verify(good)).toEqual({ userId: 1, sessionId: 's1' });
    const [header, payload, signature] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '2', exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect(payload).not.toBe(forged.split('.')[1]);
    await expect(mine.verify(forged)).rejects.toMatchObject({ code: 'invalidToken' });
  });

  it('refuses a validly signed token without exp or without jti (issue #20, finding 3)', async () => {
    const tokens = createTokenService(secret, 60);
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setJti('s1').sign(secret);
    await expect(tokens.verify(noExp)).rejects.toMatchObject({ statusCode: 401, code: 'invalidToken' });
    const noJti = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(secret);
    await expect(tokens.verify(noJti)).rejects.toMatchObject({ statusCode: 401, code: 'invalidToken' });
  });

  it('forgets the remembered tokens of revoked sessions', async () => {
    const tokens = createTokenService(secret, 60);
    const { token } = await tokens.issue(3, 'gone');
    expect(await tokens.verify(token)).toEqual({ userId: 3, sessionId: 'gone' });
    tokens.forget(['gone']);
    // Still a valid signature: the guard's session check is what refuses it.
    expect(await tokens.verify(token)).toEqual({ userId: 3, sessionId: 'gone' });
  });
});
