export { createInboxClient } from './src/client/index.ts';
