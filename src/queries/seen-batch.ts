/**
 * Seen on view, batched: the ids seen within a short while go to the service in one request. Seen on view is
 * not the reader's explicit doing, so it is never re-sent in a loop: an id the service skipped is not sent
 * again, and one whose request failed waits a while (it is still on screen, and would be sent again at once).
 */

/** How long an id whose seen mark failed waits before it may be sent again. */
const RETRY_AFTER_MS = 30_000;

export function createSeenBatch(send: (ids: string[]) => Promise<unknown>, skipped: ReadonlySet<string>, delayMs: number) {
  const queue = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Ids whose seen mark failed, and when they may be sent again. */
  const retryAt = new Map<string, number>();
  return {
    add(id: string): void {
      if (queue.has(id) || skipped.has(id) || (retryAt.get(id) ?? 0) > Date.now()) return;
      queue.add(id);
      timer ??= setTimeout(() => {
        timer = undefined;
        const ids = [...queue];
        queue.clear();
        send(ids).catch(() => {
          const until = Date.now() + RETRY_AFTER_MS;
          for (const id of ids) retryAt.set(id, until);
        });
      }, delayMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      queue.clear();
    },
  };
}
