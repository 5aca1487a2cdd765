// Entry points: '@servicedesk/realtime/cross-tab', '/connection', '/events' (or this root).
export * from './cross-tab';
export * from './connection';
export * from './events';
