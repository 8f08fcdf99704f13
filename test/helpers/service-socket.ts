/** A WebSocket for jsdom tests, wired to the reference service's socket side (`ReferenceService.listen`). */
import type { ReferenceService } from 'inbox-kit/testing';

/** A WebSocket wired to the reference service's socket side: frames as `npm run serve` sends them. */
export class ServiceSocket extends EventTarget {
  static service: Pick<ReferenceService, 'listen'>;
  static open = new Set<ServiceSocket>();
  static opened = 0;
  /** Every socket asked for, opened or not: the kit's tries. */
  static tried = 0;
  /** Sockets cannot reach the service (a blocked URL): each fails before it opens. */
  static unreachable = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  /** The code it was closed with by the other side, once it was. */
  closedWith: number | undefined;
  private stop: (() => void) | undefined;
  constructor(url: string | URL) {
    super();
    ServiceSocket.tried++;
    const token = new URL(url).searchParams.get('token') ?? '';
    setTimeout(() => {
      this.stop = ServiceSocket.unreachable
        ? undefined
        : ServiceSocket.service.listen(
            token,
            (frame) => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) })),
            // The token expired while open: the service closes it, as the reference socket does (1008).
            () => setTimeout(() => this.closedBy(1008)),
          );
      // Refused at the upgrade (an unknown or expired token) or not reached: closed before it opened.
      if (!this.stop) return this.closedBy(1006);
      ServiceSocket.open.add(this);
      ServiceSocket.opened++;
      this.onopen?.(new Event('open'));
    }, 5);
  }
  send() {}
  close() {
    this.stop?.();
    ServiceSocket.open.delete(this);
  }
  /** The connection drops (a network change). */
  drop() {
    this.closedBy(1006);
  }
  private closedBy(code: number) {
    this.close();
    this.closedWith = code;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
