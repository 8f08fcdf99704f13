/**
 * A server started as its own process (its own group, so stopping it stops what it starts): it is
 * ready once its output matches `ready`; `stop()` sends SIGTERM, and SIGKILL after 3 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

export interface RunningProcess {
  /** The `ready` match: its first group is usually the URL. */
  match: RegExpExecArray;
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Output (stdout and stderr) that says the server is ready. */
  ready: RegExp;
  /** What to call it in errors. */
  name: string;
  /** What to do when the command cannot be started at all (not installed), said in the error. */
  whenMissing?: string;
  timeoutMs?: number;
}

export async function startProcess(command: string, args: string[], options: StartOptions): Promise<RunningProcess> {
  const child: ChildProcess = spawn(command, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const match = await new Promise<RegExpExecArray>((found, fail) => {
    const timer = setTimeout(() => {
      // Not left running: its pipes would keep the caller alive.
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      fail(new Error(`${options.name} was not ready in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      // Without colour codes, which split what `ready` looks for (CI=true turns colours on in Vite's output).
      output += stripVTControlCharacters(chunk.toString());
      const matched = options.ready.exec(output);
      if (!matched) return;
      clearTimeout(timer);
      found(matched);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    // Not installed, not executable: said at once, with what to do (otherwise an unhandled error after the hook's timeout).
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(new Error(`${options.name} could not be started (${error.message})${options.whenMissing ? `: ${options.whenMissing}` : ''}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`${options.name} exited with ${String(code)}:\n${output}`));
    });
  });
  return {
    match,
    output: () => output,
    stop: () => {
      if (!child.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const pid = child.pid;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      process.kill(-pid, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 3_000);
      return exited.finally(() => clearTimeout(timer));
    },
  };
}
