import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { mockServerForFile, renderApp, signIn } from '../../test/render-app';

mockServerForFile();

/** axe in jsdom: no layout, so colour contrast is checked in Chromium (scripts/screenshots.mjs, e2e). */
async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility of every page (axe)', () => {
  it.each([
    ['login', '/auth/login', false, { role: 'heading', name: 'Sign in' }],
    ['forgot password', '/auth/forgot-password', false, { role: 'heading', name: 'Reset your password' }],
    ['404', '/error-404', false, { role: 'link', name: 'Return to dashboard' }],
    ['dashboard', '/home/dashboard', true, { role: 'heading', name: 'Statistics' }],
    ['news', '/home/news', true, { role: 'link', name: 'Yeni ofis qaydaları' }],
    ['profile', '/user/profile', true, { role: 'textbox', name: 'Phone number' }],
    ['login history', '/user/login-history', true, { role: 'table', name: '' }],
  ] as const)('%s has no violations', async (_name, url, signedIn, ready) => {
    if (signedIn) signIn();
    renderApp(url);
    await screen.findAllByRole(ready.role, ready.name ? { name: ready.name } : {});
    if (signedIn) await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await violations()).toEqual([]);
  });
});
