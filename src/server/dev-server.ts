/** The reference service on Node's http server, for demos, contract tests and your own app's tests. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReferenceService, type ReferenceService, type ReferenceServiceOptions } from '../testing/service';
import { toNodeListener } from './node';
import { attachReferenceSocket } from './reference-socket';

export interface ReferenceServerOptions extends ReferenceServiceOptions {
  /** Port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1` (never exposed beyond this machine). */
  host?: string;
}

export interface ReferenceServer {
  /** Base URL of the service, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Its socket, e.g. `ws://127.0.0.1:4010/socket` (`undefined` without the `ws` package). */
  socketUrl: string | undefined;
  service: ReferenceService;
  server: Server;
  close(): Promise<void>;
}

export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const service = createReferenceService(options);
  const server = createServer(toNodeListener(service.handle));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Real time needs the optional `ws` package: without it the service still answers, and clients poll.
  const stopSocket = await attachReferenceSocket(server, service).catch(() => undefined);
  return {
    url: `http://${origin}`,
    socketUrl: stopSocket ? `ws://${origin}/socket` : undefined,
    service,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopSocket?.();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
