// The example's own config: built alike, and its Turbopack root (the example's folder) holds this
// app and the node_modules both resolve.
export { default } from '../next.config.mjs';
