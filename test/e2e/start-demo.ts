/** Runs the demo as `npm start` does (and the reference service as `npm run serve` does), on a free port. */
import { startProcess } from '../helpers/process';

export interface RunningDemo {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `build: false` starts the server over the app an earlier `npm start` built. */
export async function startDemo(options: { env?: Record<string, string>; build?: boolean } = {}): Promise<RunningDemo> {
  const [command, args] = options.build === false ? ['node_modules/.bin/tsx', ['demo/server.ts']] : ['npm', ['start', '--silent']];
  const running = await startProcess(command, args, {
    // Its own build folder: a demo the developer has running keeps its files.
    env: { PORT: '0', INBOX_DEMO_BUILD: '.cache/demo-e2e', ...options.env },
    ready: /running at (http:\/\/\S+?)\/?\s/,
    name: 'the demo',
  });
  return { url: running.match[1] ?? '', output: running.output, stop: running.stop };
}

export { startServe, type RunningServe } from '../helpers/serve';
