export * from './events.ts';
export * from './event-schemas.ts';
export * from './read-event.ts';
export * from './step-fold.ts';
export * from './step-event-json.ts';
export * from './terminal-events.ts';
export * from './added-answer.ts';
