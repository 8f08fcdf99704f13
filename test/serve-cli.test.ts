/**
 * `npm run serve` (src/server/cli.ts under tsx) as a user runs it: what it prints,
 * and that the printed URL and API key answer. Each test starts the CLI on a free
 * port and stops it as Ctrl-C would. The same CLI is the package's command,
 * `npx -p inbox-kit inbox-kit-reference`, built by the library build: tested last.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import * as z from 'zod/mini';
import { createInboxProxy } from 'inbox-kit/server';
import viteConfig from '../vite.config';
import { startProcess } from './helpers/process';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const START_TIMEOUT_MS = 10_000;

/** What the CLI and the routes print or answer, read as the tests use them (zod: no casts). */
const sessionSchema = z.object({ token: z.string(), socketUrl: z.string(), socketType: z.string() });
const integrationSchema = z.looseObject({ id: z.string(), name: z.string(), channel: z.string(), primary: z.boolean(), active: z.boolean() });
const printedSchema = z.looseObject({ baseUrl: z.string(), apiKey: z.string(), subscribers: z.array(z.string()), integrations: z.array(integrationSchema), applicationIdentifier: z.optional(z.string()), socketUrl: z.optional(z.string()) });
const packageSchema = z.looseObject({ bin: z.optional(z.record(z.string(), z.string())) });
const serviceSessionSchema = z.looseObject({ data: z.looseObject({ token: z.string() }) });

interface RunningCli {
  child: ChildProcess;
  /** Everything printed so far on stdout. */
  stdout: () => string;
  /** Resolves with the first stdout text matching `pattern`; fails clearly after START_TIMEOUT_MS or if the CLI exits. */
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
  /** Ctrl-C: SIGINT to the CLI's process group; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

const running: RunningCli[] = [];

function serve(args: string[]): RunningCli {
  const child = spawn(TSX, ['src/server/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops the node process tsx starts.
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const signal = (name: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, name);
      } catch {
        // Already gone.
      }
    }
  };
  const cli: RunningCli = {
    child,
    stdout: () => stdout,
    waitFor: (pattern) =>
      new Promise((found, fail) => {
        const failure = (why: string) => new Error(`${why}, waiting for ${String(pattern)}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
        const check = () => {
          const match = pattern.exec(stdout);
          if (!match) return;
          cleanup();
          found(match);
        };
        const timer = setTimeout(() => {
          cleanup();
          fail(failure(`npm run serve printed nothing matching in ${START_TIMEOUT_MS} ms`));
        }, START_TIMEOUT_MS);
        const onExit = (code: number | null) => {
          cleanup();
          fail(failure(`npm run serve exited with ${String(code)}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          child.stdout.off('data', check);
          child.off('exit', onExit);
        };
        child.stdout.on('data', check);
        child.once('exit', onExit);
        check();
      }),
    stop: async () => {
      signal('SIGINT');
      const timer = setTimeout(() => signal('SIGKILL'), 3_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  running.push(cli);
  return cli;
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(running.splice(0).map((cli) => cli.stop()));
});

/** A socket's frames, as text, once it is open. */
async function openSocket(url: string) {
  const socket = new WebSocket(url);
  const frames: string[] = [];
  socket.on('message', (frame) => frames.push(String(frame)));
  await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
  return { socket, frames };
}

/** The testing guide's `npm run serve` lines, their arguments after `--`, on a free port. */
const GUIDE_COMMANDS = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('npm run serve -- '))
  .map((line) => line.replace(/\s+#.*$/, '').replace('npm run serve -- ', '').split(/\s+/))
  .map((args) => (args.includes('--port') ? args.map((arg, i) => (args[i - 1] === '--port' ? '0' : arg)) : [...args, '--port', '0']));

describe('npm run serve', () => {
  it.each(GUIDE_COMMANDS.map((args) => [args.join(' '), args] as const))('the testing guide’s `npm run serve -- %s` starts and answers', { timeout: 20_000 }, async (_, args) => {
    const cli = serve(args);
    // Its last line: by then it is ready, Ctrl-C included.
    const [, url = ''] = await cli.waitFor(args.includes('--json') ? /"baseUrl":"(http:\/\/[^"]+)".*\n/ : /listening on (http:\/\/127\.0\.0\.1:\d+)[^]*^Try: .*\n/m);
    // The guide's last line makes one request in ten fail on purpose: a few tries.
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 200; attempt++) {
      status = (await fetch(`${url}/v1/subscribers/sub_ada/notifications/feed?limit=1`, { headers: { Authorization: 'ApiKey sk_test_inbox_kit' } })).status;
    }
    expect(status).toBe(200);
    expect(await cli.stop()).toBe(0);
  });

  it('the testing guide shows the commands this file runs', () => {
    expect(GUIDE_COMMANDS).toHaveLength(4);
  });

  it('prints the URL it listens on, the API key and a curl line that answers as printed', { timeout: 20_000 }, async () => {
    const cli = serve(['--port', '0']);
    const [, command = '', key = '', feedUrl = ''] = await cli.waitFor(/^Try: (curl -H "Authorization: ApiKey (\S+)" "(\S+)")$/m);
    const url = /^Reference notification service listening on (http:\/\/127\.0\.0\.1:\d+) {2}\(mode: deployed\)$/m.exec(cli.stdout())?.[1];
    expect(url, cli.stdout()).toBeDefined();
    expect(cli.stdout()).toContain(`API key:      ${key}   (send as "Authorization: ApiKey ${key}")`);
    expect(key).toBe('sk_test_inbox_kit');
    expect(cli.stdout()).toMatch(/^Subscribers: {2}sub_ada, /m);
    expect(cli.stdout()).toMatch(/^Integrations:\n(?: {2}[0-9a-f]{24} {2}.+\n)+\n/m);
    expect(cli.stdout()).toMatch(/^ {2}[0-9a-f]{24} {2}email {2}primary \S/m);
    expect(feedUrl.startsWith(`${url ?? ''}/v1/subscribers/sub_ada/notifications/feed`), command).toBe(true);

    const response = await fetch(feedUrl, { headers: { Authorization: `ApiKey ${key}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ page: 0, pageSize: 2, hasMore: true, data: [expect.objectContaining({ channel: 'in_app' }), expect.anything()] });
    expect((await fetch(feedUrl)).status).toBe(401);

    expect(await cli.stop()).toBe(0);
  });

  it('prints the environment an app’s createInboxProxy reads to use it, real time included, and a broadcast its socket then sends', { timeout: 20_000 }, async () => {
    const cli = serve(['--port', '0']);
    const [, key = '', body = '', broadcastUrl = ''] = await cli.waitFor(/^Send one to everyone: curl -X POST -H "Authorization: ApiKey (\S+)" -H "Content-Type: application\/json" -d '(.+)' "(\S+)"$/m);
    const line = /^Your app: {5}(.+)$/m.exec(cli.stdout())?.[1] ?? '';
    const env = new Map(line.split(' ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
    expect([...env.keys()]).toEqual(['INBOX_UPSTREAM_URL', 'INBOX_API_KEY', 'INBOX_APPLICATION_IDENTIFIER', 'INBOX_SOCKET_URL', 'INBOX_SOCKET_TYPE']);
    for (const [name, value] of env) vi.stubEnv(name, value);
    // A proxy configured by that environment only: the session it mints opens the service's socket.
    const proxy = createInboxProxy({ authenticate: () => 'sub_ada', log: () => undefined });
    const minted = await proxy(new Request('http://app.test/api/inbox/v1/inbox/session', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } }));
    expect(minted.status).toBe(200);
    const session = sessionSchema.parse(await minted.json());
    expect(session.socketType).toBe('websocket');
    const { socket, frames } = await openSocket(`${session.socketUrl}?token=${session.token}`);
    // The printed broadcast, as curl sends it.
    const sent = await fetch(broadcastUrl, { method: 'POST', headers: { Authorization: `ApiKey ${key}`, 'Content-Type': 'application/json' }, body });
    expect(sent.status).toBe(201);
    await vi.waitFor(() => expect(frames.some((frame) => frame.includes('Hello from the reference service'))).toBe(true), { timeout: 10_000 });
    socket.close();
    expect(await cli.stop()).toBe(0);
  });

  it('--json prints one machine-readable line whose baseUrl and apiKey answer', { timeout: 20_000 }, async () => {
    const cli = serve(['--port', '0', '--json', '--api-key', 'sk_test_cli']);
    const [line = ''] = await cli.waitFor(/^.*\n/);
    const printed = printedSchema.parse(JSON.parse(line));
    expect(printed.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed.apiKey).toBe('sk_test_cli');
    expect(printed.subscribers).toContain('sub_ada');
    expect(printed.integrations.length).toBeGreaterThan(0);
    expect(printed.integrations[0]).toEqual({ id: expect.any(String), name: expect.any(String), channel: expect.any(String), primary: expect.any(Boolean), active: expect.any(Boolean) });

    const response = await fetch(`${printed.baseUrl}/v1/subscribers/${printed.subscribers[0] ?? ''}/notifications/feed?limit=1`, {
      headers: { Authorization: `ApiKey ${printed.apiKey}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ page: 0, pageSize: 1 });

    expect(await cli.stop()).toBe(0);
    // Only that line: no summary for a script to skip.
    expect(cli.stdout()).toBe(line);
  });

  it.each([
    [['--port', ''], /--port must be a whole number from 0 to 65535, received ""/],
    [['--port', '4010.5'], /--port must be a whole number/],
    [['--port', '0x50'], /--port must be a whole number/],
    [['--messages', '1e9'], /--messages must be a whole number from 0 to 100000/],
    [['--error-rate', '2'], /--error-rate must be a number from 0 to 1, received "2"/],
  ])('refuses %j with a clear message and exit code 2, listening on nothing', { timeout: 20_000 }, (args, message) => {
    const result = spawnSync(TSX, ['src/server/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, PORT: undefined }, encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).not.toMatch(/http:\/\//);
  });
});

describe('npx -p inbox-kit inbox-kit-reference (the package’s command)', () => {
  it('is the library build’s `cli` entry; built as the package is built, it starts the service and its socket', { timeout: 60_000 }, async () => {
    const { bin } = packageSchema.parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
    expect(bin).toEqual({ 'inbox-kit-reference': 'dist/cli.js' });
    const lib = viteConfig.build?.lib;
    const entries = lib && typeof lib.entry === 'object' && !Array.isArray(lib.entry) ? lib.entry : {};
    expect(entries.cli).toBe(join(ROOT, 'src/server/cli.ts'));
    // The library build's own settings (its externals: `ws` is the app's), for that entry only, into a
    // folder of the repository, where Node finds `ws` as it does in an app that installed it; a folder
    // of its own, so two runs at once do not empty each other's.
    mkdirSync(join(ROOT, '.cache'), { recursive: true });
    const outDir = mkdtempSync(join(ROOT, '.cache/cli-build-'));
    await build({ ...viteConfig, configFile: false, logLevel: 'silent', plugins: [], build: { ...viteConfig.build, outDir, emptyOutDir: true, sourcemap: false, lib: { ...lib, entry: { cli: join(ROOT, 'src/server/cli.ts') }, formats: ['es'] } } });
    const built = join(outDir, 'cli.js');
    expect(readFileSync(built, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const running = await startProcess(process.execPath, [built, '--port', '0', '--json'], { ready: /^\{.*\}$/m, name: 'inbox-kit-reference', env: { PORT: undefined } });
    try {
      const printed = printedSchema.parse(JSON.parse(running.match[0]));
      expect(printed.socketUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/socket$/);
      const session = await fetch(`${printed.baseUrl}/v1/inbox/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ applicationIdentifier: printed.applicationIdentifier, subscriber: { subscriberId: 'sub_ada' } }) });
      const { data } = serviceSessionSchema.parse(await session.json());
      const { socket, frames } = await openSocket(`${printed.socketUrl ?? ''}?token=${data.token}`);
      const sent = await fetch(`${printed.baseUrl}/v1/events/trigger/broadcast`, {
        method: 'POST',
        headers: { Authorization: `ApiKey ${printed.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'product-announcement', payload: { title: 'From the command', body: 'Heard on its socket' } }),
      });
      expect(sent.status).toBe(201);
      await vi.waitFor(() => expect(frames.some((frame) => frame.includes('From the command'))).toBe(true), { timeout: 10_000 });
      socket.close();
    } finally {
      await running.stop();
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
