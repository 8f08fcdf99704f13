/** Fetch-API handlers on real ports for a test file, closed after it. */
import { createServer, type Server } from 'node:http';
import { afterAll } from 'vitest';
import { toNodeListener } from 'inbox-kit/server';

export function setupListeners() {
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });
  /** Serves `handler` on a free port of 127.0.0.1; returns its origin. */
  return async function listen(handler: (request: Request) => Promise<Response>): Promise<string> {
    const server = createServer(toNodeListener(handler));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
}
