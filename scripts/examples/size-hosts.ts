/**
 * The hosts scripts/examples/size.ts measures, one per example: how an app of that host is built
 * and served, which of the example's pages to load, and the baseline, the same host without the
 * kit, whose template is scripts/examples/baseline/<example>/.
 *
 * Adding a host (an examples/<name> that scripts/examples/run.sh builds):
 * 1. scripts/examples/baseline/<name>/: the smallest app of that host with one page and no kit, in
 *    plain JSX (nothing to type-check). Its config files re-export the example's
 *    (`export { default } from '../vite.config.ts'`), so both are built alike. It is copied into
 *    the example's installed copy as size-baseline/, so it resolves the example's node_modules.
 * 2. An entry below: what built it (`bundler`), the build command (`build`), how to serve a built
 *    app on a free port (`serve`, with `run` and `freePort`), the example's `pages` and the
 *    baseline's `baselinePage`. The example's own build is run.sh's (`npm run build`).
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
  /** The baseline's build command, run in its folder (`--rebuild` runs it in the example's too). */
  build: (exampleDir: string) => string[];
  /** Serves the built app in `appDir` on 127.0.0.1 (`baseline`: the baseline app, else the example). */
  serve: (appDir: string, exampleDir: string, baseline: boolean) => Promise<Served>;
  /** The example's pages measured (a row each). */
  pages: string[];
  /** The baseline's page. */
  baselinePage: string;
  /** Files of examples/scaffolds/<example> the baseline takes as they are (the scaffold's page and stylesheet). */
  fromScaffold?: string[];
  /** Files the baseline gets with this content (a TypeScript config the repository's type check must not read). */
  write?: Record<string, string>;
}

const bin = (exampleDir: string, name: string) => join(exampleDir, 'node_modules/.bin', name);
const version = (exampleDir: string, pkg: string) => (JSON.parse(readFileSync(join(exampleDir, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

/** The examples' built-in reference service, never a deployment the environment names (unset, not empty: `??` keeps ''). */
const REFERENCE_SERVICE = { INBOX_UPSTREAM_URL: undefined, INBOX_API_KEY: undefined, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };

function freePort(): Promise<string> {
  return new Promise((found, fail) => {
    const probe = createServer().once('error', fail).listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => found(String(typeof address === 'object' && address ? address.port : 0)));
    });
  });
}

/** Starts a server; it is ready once its output matches `ready`, and it answers at `url`. */
async function run(command: string, args: string[], options: { cwd: string; ready: RegExp; url: string; env?: Record<string, string | undefined> }): Promise<Served> {
  const { cwd, ready, url, env } = options;
  const running = await startProcess(command, args, { cwd, ready, env: { ...REFERENCE_SERVICE, ...env }, name: `${command} ${args.join(' ')} in ${cwd}`, timeoutMs: 60_000 });
  return { url, stop: running.stop };
}

/** `vite preview` of a built Vite app (TanStack Start's production server too). */
async function vitePreview(appDir: string, exampleDir: string): Promise<Served> {
  const port = await freePort();
  return run(bin(exampleDir, 'vite'), ['preview', '--host', '127.0.0.1', '--port', port, '--strictPort'], { cwd: appDir, ready: /Local:/, url: `http://127.0.0.1:${port}` });
}

export const hosts: Record<string, Host> = {
  nextjs: {
    // Turbopack, Next.js's default, unless built with --webpack (`size.ts nextjs --rebuild -- --webpack`).
    bundler: (appDir, dir) => `next ${version(dir, 'next')} (${readdirSync(join(appDir, '.next/static/chunks')).some((file) => file.startsWith('turbopack-')) ? 'Turbopack' : 'webpack'})`,
    build: (dir) => [bin(dir, 'next'), 'build'],
    serve: async (appDir, dir) => {
      const port = await freePort();
      return run(bin(dir, 'next'), ['start', '-H', '127.0.0.1', '-p', port], { cwd: appDir, ready: /Ready in/, url: `http://127.0.0.1:${port}` });
    },
    // The layout's bell is on every page; /inbox adds the embedded feed, /preferences the panel.
    pages: ['/', '/inbox', '/preferences'],
    baselinePage: '/',
    fromScaffold: ['app/page.tsx', 'app/globals.css', 'tsconfig.json', 'public'],
    // The example's config, with the example's folder as Turbopack's root: the baseline is inside it and resolves its node_modules.
    write: {
      'next.config.ts': [
        "import { resolve } from 'node:path';",
        "import config from '../next.config';",
        "const root = resolve(process.cwd(), '..');",
        'export default { ...config, turbopack: { ...config.turbopack, root }, outputFileTracingRoot: root };',
        '',
      ].join('\n'),
    },
  },
  vite: {
    bundler: (_appDir, dir) => `vite ${version(dir, 'vite')}`,
    build: (dir) => [bin(dir, 'vite'), 'build'],
    // The example's own production server (`npm start`); the baseline is a static build.
    serve: async (appDir, dir, baseline) => {
      if (baseline) return vitePreview(appDir, dir);
      const port = await freePort();
      return run('npm', ['start'], { cwd: appDir, ready: /listening on http/, url: `http://127.0.0.1:${port}`, env: { PORT: port } });
    },
    pages: ['/'],
    baselinePage: '/',
  },
  'react-router': {
    bundler: (_appDir, dir) => `react-router ${version(dir, 'react-router')} (vite ${version(dir, 'vite')})`,
    build: (dir) => [bin(dir, 'react-router'), 'build'],
    // `npm start`'s server, for both.
    serve: async (appDir, dir) => {
      const port = await freePort();
      return run(bin(dir, 'react-router-serve'), ['./build/server/index.js'], { cwd: appDir, ready: /\[react-router-serve\] http/, url: `http://127.0.0.1:${port}`, env: { PORT: port, HOST: '127.0.0.1' } });
    },
    pages: ['/', '/inbox', '/preferences'],
    baselinePage: '/',
    fromScaffold: ['app/app.css', 'app/routes/home.tsx', 'tsconfig.json'],
  },
  'tanstack-start': {
    bundler: (_appDir, dir) => `@tanstack/react-start ${version(dir, '@tanstack/react-start')} (vite ${version(dir, 'vite')})`,
    build: (dir) => [bin(dir, 'vite'), 'build'],
    serve: (appDir, dir) => vitePreview(appDir, dir),
    pages: ['/', '/preferences'],
    baselinePage: '/',
  },
};
