/** Runs the demo as `npm start` does (and the reference service as `npm run serve` does), on a free port. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningDemo {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `build: false` starts the server over the app an earlier `npm start` built. */
export async function startDemo(options: { env?: Record<string, string>; build?: boolean } = {}): Promise<RunningDemo> {
  const [command, args] = options.build === false ? ['node_modules/.bin/tsx', ['demo/server.ts']] : ['npm', ['start', '--silent']];
  const child: ChildProcess = spawn(command, args, {
    // Its own build folder: a demo the developer has running keeps its files.
    env: { ...process.env, PORT: '0', INBOX_DEMO_BUILD: '.cache/demo-e2e', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo did not start in 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`demo exited with ${String(code)}:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (!child.pid || child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 3_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        process.kill(-child.pid, 'SIGTERM');
      }),
  };
}

export { startServe, type RunningServe } from '../helpers/serve';
