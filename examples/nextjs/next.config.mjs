import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export default {
  // What create-next-app sets today, so the example builds as a fresh app does.
  cacheComponents: true,
  partialPrefetching: true,
  // This folder is the app's root (the repository around it has a lockfile of its own).
  turbopack: { root: here },
  outputFileTracingRoot: here,
};
