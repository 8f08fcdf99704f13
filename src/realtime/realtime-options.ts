import type { PayloadCheck } from '../client/feed-page';

/** socket.io's `io` (from `socket.io-client`), for a self-hosted service's socket. */
export type SocketIoFactory = (url: string, options: Record<string, unknown>) => SocketIoSocket;

/** What the kit uses of a socket.io socket. */
export interface SocketIoSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

export interface RealtimeOptions {
  /** How the notifications' payloads are checked (as the client's): `'proxy'`, the browser cannot check what the socket sends. */
  payloadCheck: PayloadCheck;
  /** Called once per new notification, in the tab that holds the socket: the provider's latest. */
  onNotification?: { readonly current: ((notification: never) => void) | undefined } | undefined;
  /** socket.io's `io`, for a self-hosted service whose socket is socket.io. */
  socketIo?: SocketIoFactory | undefined;
  /** The first reconnect's delay, in ms (each next one doubles, up to 30 s, with jitter). Default 1000. */
  retryMs?: number | undefined;
}
