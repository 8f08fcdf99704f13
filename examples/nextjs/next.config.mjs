import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

/** This folder is the app's root (the repository around it has a lockfile of its own). */
export default { turbopack: { root: here }, outputFileTracingRoot: here };
