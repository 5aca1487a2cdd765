// Every table, one file each (STYLE.md); drizzle-kit reads this file to generate migrations.
export * from './user-types';
export * from './permission-actions';
export * from './user-type-permissions';
export * from './positions';
export * from './locations';
export * from './users';
export * from './menus';
export * from './login-history';
export * from './password-reset-tokens';
export * from './outbox';
export * from './specodes';
export * from './table-settings';
export * from './settings';
export * from './chat-messages';
export * from './notifications';
