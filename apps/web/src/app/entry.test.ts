import { describe, expect, it } from 'vitest';
import { entryFor } from './entry';
import { signIn } from '../../test/render-app';
import { storage } from '../session/storage';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return { pathname, search };
};

describe('entryFor (main.tsx: which entry a fresh page load starts, issue #19)', () => {
  it('starts the light sign-in page on /auth/login when no session is stored or it has expired', () => {
    expect(entryFor(at('/auth/login'), 'none')).toBe('sign-in');
    expect(entryFor(at('/auth/login?returnUrl=%2Fuser%2Fprofile'), 'none')).toBe('sign-in');
    expect(entryFor(at('/auth/login/'), 'expired')).toBe('sign-in');
  });

  it('starts the full app on /auth/login for an active session (its route sends the user on) unless bypassGuard=true', () => {
    expect(entryFor(at('/auth/login?returnUrl=%2Fuser%2Fprofile'), 'active')).toBe('app');
    expect(entryFor(at('/auth/login?bypassGuard=true&returnUrl=%2Fhome%2Fdashboard'), 'active')).toBe('sign-in');
    expect(entryFor(at('/auth/login?bypassGuard=false'), 'active')).toBe('app');
  });

  it('starts the full app everywhere else, signed in or not', () => {
    for (const url of ['/', '/home/dashboard', '/auth/forgot-password', '/auth/reset-password?token=x', '/auth/login-history', '/error-404', '/user/profile']) {
      expect(entryFor(at(url), 'none'), url).toBe('app');
      expect(entryFor(at(url), 'active'), url).toBe('app');
    }
  });

  it('reads the stored session when no state is given', () => {
    storage.clearSession();
    expect(entryFor(at('/auth/login'))).toBe('sign-in');
    signIn();
    expect(entryFor(at('/auth/login'))).toBe('app');
    signIn(-1000);
    expect(entryFor(at('/auth/login'))).toBe('sign-in');
    storage.clearSession();
  });
});
