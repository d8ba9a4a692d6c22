export * from './users.ts';
export * from './sessions.ts';
export * from './user-tokens.ts';
export * from './roles.ts';
export * from './banners.ts';
export * from './conversations.ts';
export * from './messages.ts';
export * from './prompts.ts';
