// The example's own config (server rendering, future flags), so this app is built as the example is.
export { default } from '../react-router.config.ts';
