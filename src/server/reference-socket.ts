/**
 * The reference service's socket on a Node http server: a plain WebSocket, as the service's cloud
 * socket is (`wss://…?token=<session token>`), sending each frame as JSON `{ event, data }`. A token
 * that is unknown or expired is refused before the upgrade (401), so the browser mints a new session.
 * An open socket is closed when its token expires, with 1008 (policy violation: the service's clock
 * says the token no longer holds). The client's text `ping` keeps the connection alive and is
 * answered `pong`. Needs the `ws` package (an optional peer dependency of the kit, for this testing
 * server only).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ReferenceService } from '../testing/service';

/** The close code of a socket whose token expired: 1008, policy violation. */
const EXPIRED = 1008;

/** Serves the socket of `service` at `path` on `server` until the returned function is called. */
export async function attachReferenceSocket(server: Server, service: Pick<ReferenceService, 'listen'>, path = '/socket'): Promise<() => void> {
  // Left to Node at run time, by this kit's build (which would bundle ws's browser stub, which throws)
  // and by an app's bundler (an app without `ws` still builds inbox-kit/server).
  const { WebSocketServer } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'ws');
  const sockets = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return;
    const frames: string[] = [];
    let send = (frame: string): void => void frames.push(frame);
    let expire = (): void => void socket.destroy();
    const stop = service.listen(url.searchParams.get('token') ?? '', (frame) => send(JSON.stringify(frame)), () => expire());
    if (!stop) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      send = (frame) => ws.send(frame);
      expire = () => ws.close(EXPIRED, 'token expired');
      frames.splice(0).forEach(send);
      ws.on('message', (data) => {
        if (String(data) === 'ping') ws.send('pong');
      });
      ws.on('close', stop);
    });
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const client of sockets.clients) client.terminate();
    sockets.close();
  };
}
