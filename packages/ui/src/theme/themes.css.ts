import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { darkTokens, lightTokens } from './tokens';

// Light is the default (SPEC §9 "Default theme light"), so it also applies to a bare :root.
// Dark is declared after light with the same specificity, so data-theme="dark" wins.
const lightSelector = ':root, [data-theme="light"]';
const darkSelector = '[data-theme="dark"]';

createGlobalTheme(lightSelector, vars, lightTokens);
createGlobalTheme(darkSelector, vars, darkTokens);

globalStyle(lightSelector, { colorScheme: 'light' });
globalStyle(darkSelector, { colorScheme: 'dark' });
