/** Every record of the notification service, as zod schemas (`zod/mini`) with the types inferred from them. */
export * from './feed';
export * from './preferences';
export * from './message';
export * from './broadcast';
export * from './integration';
export * from './subscriber';
export * from './workflow';
export * from './inbox-notification';
