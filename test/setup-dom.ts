import '@testing-library/jest-dom/vitest';
import { notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// TanStack Query tells components of a change on a tick of its own (a timer). A test that reads
// `result.current` or the DOM right after an answer, without waiting, passes only while that timer
// wins the race, and fails now and then on a loaded machine. The `dom` project slows the tick so
// such a test fails every time; `dom-spec` and the browser tests keep the real timing.
const delay = Number(process.env.INBOX_NOTIFY_DELAY_MS ?? 0);
const ticks = new Set<ReturnType<typeof setTimeout>>();
if (delay > 0) {
  notifyManager.setScheduler((notify) => {
    const tick = setTimeout(() => {
      ticks.delete(tick);
      notify();
    }, delay);
    ticks.add(tick);
  });
}

// A condition waited for may take seconds to hold on a loaded machine (see WAITS in vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // A tick still due would render into a document the file's end has taken down.
  for (const tick of ticks) clearTimeout(tick);
  ticks.clear();
});
