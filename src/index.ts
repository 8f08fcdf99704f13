/**
 * inbox-kit: the React notification center. The React layer (provider, hooks,
 * components) builds on the client re-exported here.
 */
export * from './client/index';
