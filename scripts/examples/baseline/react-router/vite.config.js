// The example's own config, so this app is built as the example is.
export { default } from '../vite.config.ts';
