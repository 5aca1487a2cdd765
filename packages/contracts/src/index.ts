export * from './errors';
export * from './validation';
export * from './auth';
export * from './global';
export * from './dashboard';
export * from './http';
export * from './chat';
export * from './notifications';
