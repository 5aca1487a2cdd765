import '@servicedesk/ui/theme';
// The boot shell's look: index.html draws it before the scripts load (app/boot-shell.ts).
import './app/boot-shell.css';
import { installAzIntlFallback } from '@servicedesk/i18n/intl-az';
import { entryFor } from './app/entry';

// Before anything formats: Chrome and Edge have no Azerbaijani dates and numbers (packages/i18n/src/intl-az.ts).
installAzIntlFallback();

/*
 * Two entries (issue #19): a fresh load of the sign-in form starts the light sign-in page alone
 * (React, i18n and the form: no data router, no TanStack Query); every other page the full app.
 * app/entry.ts holds the rule; each entry registers the offline/update helper itself.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
const entry = entryFor(window.location) === 'sign-in' ? import('./app/sign-in-entry') : import('./app/app-entry');
void entry.then((m) => m.start(root));
