/** `npm run serve -- --port 0 --json ...args` in its own process group: the reference service as a separate process. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** What `--json` prints. */
export interface ServePrinted {
  baseUrl: string;
  apiKey: string;
  mode: string;
  subscribers: string[];
  integrations: { id: string; name: string; channel: string; primary: boolean; active: boolean }[];
}

export interface RunningServe {
  url: string;
  printed: ServePrinted;
  stop: () => Promise<void>;
}

export async function startServe(args: string[] = []): Promise<RunningServe> {
  const child = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['src/server/cli.ts', '--port', '0', '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops the node process tsx starts.
    detached: true,
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const printed = await new Promise<ServePrinted>((found, fail) => {
    const timer = setTimeout(() => fail(new Error(`npm run serve printed no --json line in 30 s:\n${output}`)), 30_000);
    child.once('exit', (code) => fail(new Error(`npm run serve exited with ${String(code)}:\n${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{') && candidate.endsWith('}'));
      if (!line) return;
      clearTimeout(timer);
      found(JSON.parse(line) as ServePrinted);
    });
  });
  return {
    url: printed.baseUrl,
    printed,
    stop: () => {
      if (!child.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 3_000);
      return exited.finally(() => clearTimeout(timer));
    },
  };
}
