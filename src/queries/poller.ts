import { createListeners } from './listeners';

/**
 * One poller for all the app's tabs: while visible, a tab with something that polls (a bell, a feed)
 * queues for the service and subscriber's Web Lock; hidden, or with nothing left that polls, it lets the
 * lock go to another tab. The tab holding it polls. Without `crossTab` or without Web Locks, every tab polls.
 */
export function createPollerElection(scope: string, crossTab: boolean) {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const electing = crossTab && !!locks && typeof document !== 'undefined';
  let poller = !electing;
  const listeners = createListeners();
  const setPoller = (next: boolean) => {
    if (next === poller) return;
    poller = next;
    listeners.call();
  };

  // How many parts of this tab poll: it stands while there is one, so that a tab showing no count
  // (only preferences, say) never holds the lock that a tab with a bell is waiting for.
  let standing = 0;
  let resign = () => {};
  /** Stands for election until the returned function is called, once (an effect's lifetime); the tab stands while any stand. */
  function stand(): () => void {
    if (standing++ === 0) resign = standOnce();
    return () => {
      if (--standing === 0) resign();
    };
  }

  function standOnce(): () => void {
    if (!electing || !locks) return () => undefined;
    let waiting: AbortController | undefined;
    let release: (() => void) | undefined;
    const queue = () => {
      if (waiting || release) return;
      const controller = new AbortController();
      waiting = controller;
      locks
        .request(`inbox-kit:poller:${scope}`, { signal: controller.signal }, () => {
          // Granted just as the tab was hidden (or stood down): give it straight back.
          if (waiting === controller) waiting = undefined;
          if (controller.signal.aborted || document.visibilityState === 'hidden') return undefined;
          setPoller(true);
          return new Promise<void>((resolve) => (release = resolve));
        })
        .catch(() => undefined);
    };
    const stepDown = () => {
      waiting?.abort();
      waiting = undefined;
      release?.();
      release = undefined;
      setPoller(false);
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? stepDown() : queue());
    setPoller(false);
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stepDown();
    };
  }

  return {
    isPoller: () => poller,
    subscribe: listeners.add,
    stand,
  };
}
