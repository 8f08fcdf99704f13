/** Runs `task` when the page is idle (soon, where the browser cannot tell); returns the cancel. A failure is the task's own. */
export function whenIdle(task: () => void): () => void {
  const run = () => {
    try {
      task();
    } catch {
      // Nothing waits for it: whoever needs its result meets the failure then.
    }
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1);
  return () => clearTimeout(id);
}
