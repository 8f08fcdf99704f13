/**
 * The hosts scripts/examples/size.ts measures. For each example: how it is built, how a built app
 * is served, which pages to load, and the baseline, the same host without the kit, whose template
 * is scripts/examples/baseline/<example>/.
 *
 * Adding a host (say examples/react-router):
 * 1. scripts/examples/baseline/react-router/: the smallest app of that host with one page and no
 *    kit. Its config files re-export the example's (`export { default } from '../vite.config.ts'`,
 *    and the same for react-router.config.ts), so both are built alike. It is copied into the
 *    example's installed copy (as size-baseline/), so it resolves the example's node_modules.
 * 2. An entry below, like the others: `bundler` (e.g. `react-router ${version(dir, 'react-router')}`),
 *    `build` (`react-router build`), `serve` (`react-router-serve build/server/index.js` in
 *    `appDir` with PORT set to a free port, ready once it prints its address), the example's
 *    `pages` and the baseline's `baselinePage`.
 * 3. The example's name in the defaults of scripts/examples/run.sh.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startProcess } from '../../test/helpers/process';

export interface Served {
  url: string;
  stop: () => Promise<void>;
}

export interface Host {
  /** What built the app in `appDir`, read from its build (the example's and the baseline's must agree). */
  bundler: (appDir: string, exampleDir: string) => string;
  /** The build command, run in the app's folder (the example's or the baseline's). */
  build: (exampleDir: string) => string[];
  /** Serves the built app in `appDir` on a free port of 127.0.0.1. */
  serve: (appDir: string, exampleDir: string, baseline: boolean) => Promise<Served>;
  /** The example's pages measured (a row each). */
  pages: string[];
  /** The baseline's page. */
  baselinePage: string;
}

const bin = (exampleDir: string, name: string) => join(exampleDir, 'node_modules/.bin', name);
const version = (exampleDir: string, pkg: string) => (JSON.parse(readFileSync(join(exampleDir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

/** The examples' built-in reference service, never a deployment the environment names. */
const REFERENCE_SERVICE = { INBOX_UPSTREAM_URL: '', INBOX_API_KEY: '' };

function freePort(): Promise<number> {
  return new Promise((found, fail) => {
    const probe = createServer().once('error', fail).listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => found(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface ServeOptions {
  cwd: string;
  /** Output that says it is ready; its first group is the URL unless `url` is given. */
  ready: RegExp;
  url?: string;
  env?: Record<string, string>;
}

async function serve(command: string, args: string[], options: ServeOptions): Promise<Served> {
  const { cwd, ready, env } = options;
  const running = await startProcess(command, args, { cwd, ready, env: { NEXT_TELEMETRY_DISABLED: '1', ...env }, name: `${command} ${args.join(' ')} in ${cwd}`, timeoutMs: 60_000 });
  return { url: options.url ?? running.match[1] ?? '', stop: running.stop };
}

export const hosts: Record<string, Host> = {
  nextjs: {
    // Turbopack, Next.js's default, unless built with --webpack (`size.ts nextjs --rebuild -- --webpack`).
    bundler: (appDir, dir) => `next ${version(dir, 'next')} (${readdirSync(join(appDir, '.next/static/chunks')).some((file) => file.startsWith('turbopack-')) ? 'Turbopack' : 'webpack'})`,
    build: (dir) => [bin(dir, 'next'), 'build'],
    serve: async (appDir, dir) => {
      const port = String(await freePort());
      return serve(bin(dir, 'next'), ['start', '-H', '127.0.0.1', '-p', port], { cwd: appDir, ready: /Ready in/, url: `http://127.0.0.1:${port}`, env: REFERENCE_SERVICE });
    },
    // The layout's bell is on every page; /inbox adds the embedded feed, /preferences the panel.
    pages: ['/', '/inbox', '/preferences'],
    baselinePage: '/',
  },
  vite: {
    bundler: (_appDir, dir) => `vite ${version(dir, 'vite')}`,
    build: (dir) => [bin(dir, 'vite'), 'build'],
    // The example's own production server; the baseline's is Vite's preview of its dist/.
    serve: async (appDir, dir, baseline) => {
      if (!baseline) return serve(process.execPath, ['server.mjs'], { cwd: appDir, ready: /listening on (http:\/\/127\.0\.0\.1:\d+)/, env: { PORT: '0', ...REFERENCE_SERVICE } });
      const port = String(await freePort());
      return serve(bin(dir, 'vite'), ['preview', '--host', '127.0.0.1', '--port', port, '--strictPort'], { cwd: appDir, ready: /Local:/, url: `http://127.0.0.1:${port}` });
    },
    pages: ['/'],
    baselinePage: '/',
  },
};
