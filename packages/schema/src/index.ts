export * from './constants.ts';
export * from './errors.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './banner.ts';
export * from './startup-config.ts';
export * from './conversation.ts';
