/** `npm run serve -- --port 0 --json ...args`: the reference service as a separate process. */
import { resolve } from 'node:path';
import { startProcess } from './process';

const ROOT = resolve(import.meta.dirname, '../..');

/** What `--json` prints. */
export interface ServePrinted {
  baseUrl: string;
  apiKey: string;
  /** Real time: the environment's public identifier and the socket (null without the `ws` package). */
  applicationIdentifier: string;
  socketUrl: string | null;
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
  const running = await startProcess(resolve(ROOT, 'node_modules/.bin/tsx'), ['src/server/cli.ts', '--port', '0', '--json', ...args], {
    cwd: ROOT,
    env: { PORT: undefined },
    ready: /^\{.*\}$/m,
    name: 'npm run serve',
  });
  const printed = JSON.parse(running.match[0]) as ServePrinted;
  return { url: printed.baseUrl, printed, stop: running.stop };
}
