/**
 * A real `redis-server` for a test file (Debian's, which .ci/run installs when missing): started on
 * a free port of 127.0.0.1 in a temporary folder, keeping nothing on disk, stopped after the file.
 * `stop()` and `start()` in between kill it and start it again on the same port (an outage, a
 * restart, which forgets every key).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startProcess, type RunningProcess } from './process';

/** A port nothing listens on now (the OS's choice, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  await new Promise<void>((closed) => server.close(() => closed()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** Starts Debian's `redis-server` (or `REDIS_SERVER`) on `port`, keeping nothing on disk but in `folder`. */
export function startRedisServer(port: number, folder: string): Promise<RunningProcess> {
  return startProcess(process.env.REDIS_SERVER ?? 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder], {
    name: 'redis-server',
    ready: /Ready to accept connections/,
    whenMissing: 'install redis-server (apt-get install redis-server) or set REDIS_SERVER',
    // Redis keeps the machine's clock (the store reads Redis's own time on purpose). A test run under
    // libfaketime (the date moved on) would preload it into Redis too, which it cannot start under
    // ("unexpected recursive calls to clock_gettime()").
    env: { LD_PRELOAD: undefined },
  });
}

export function setupRedisServer() {
  let port = 0;
  let folder = '';
  let running: RunningProcess | undefined;

  async function start(): Promise<void> {
    if (running) throw new Error('redis-server is already running');
    running = await startRedisServer(port, folder);
  }

  async function stop(): Promise<void> {
    const stopping = running;
    running = undefined;
    await stopping?.stop();
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'inbox-kit-redis-'));
    port = await freePort();
    await start();
  });
  afterAll(async () => {
    await stop();
    await rm(folder, { recursive: true, force: true });
  });

  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    start,
    stop,
  };
}
