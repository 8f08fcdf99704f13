import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createInboxAdminClient, type InboxClientOptions } from 'inbox-kit/client';
import { startReferenceServer, type ReferenceServer, type ReferenceServerOptions } from 'inbox-kit/server';

/**
 * Starts the reference service on a real port for the file's tests, resets it
 * before each test, and makes clients for it (fast retries, short timeouts), with the admin
 * operations, as a server holding the API key has them.
 */
export function setupReferenceServer(options: ReferenceServerOptions = {}) {
  let started: ReferenceServer | undefined;
  const ready = startReferenceServer(options).then((s) => (started = s));

  // Registered first, so the file's own `beforeAll` finds it started.
  beforeAll(async () => {
    await ready;
  });
  beforeEach(() => {
    started?.service.reset();
  });
  afterAll(async () => {
    await (await ready).close();
  });

  const get = () => {
    if (!started) throw new Error('reference server not started yet');
    return started;
  };
  return {
    get url() {
      return get().url;
    },
    get service() {
      return get().service;
    },
    client(overrides: Partial<InboxClientOptions> = {}) {
      return createInboxAdminClient({
        baseUrl: get().url,
        apiKey: get().service.apiKey,
        retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 20 },
        timeoutMs: 5_000,
        ...overrides,
      });
    },
  };
}
