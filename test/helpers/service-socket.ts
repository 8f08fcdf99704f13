/** A WebSocket for jsdom tests, wired to the reference service's socket side (`ReferenceService.listen`). */
import type { ReferenceService } from 'inbox-kit/testing';

/** A WebSocket wired to the reference service's socket side: frames as `npm run serve` sends them. */
export class ServiceSocket extends EventTarget {
  static service: Pick<ReferenceService, 'listen'>;
  static open = new Set<ServiceSocket>();
  static opened = 0;
  /** Sockets cannot reach the service (a blocked URL): each fails before it opens. */
  static unreachable = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  private stop: (() => void) | undefined;
  constructor(url: string | URL) {
    super();
    const token = new URL(url).searchParams.get('token') ?? '';
    setTimeout(() => {
      this.stop = ServiceSocket.unreachable ? undefined : ServiceSocket.service.listen(token, (frame) => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) })));
      // Refused at the upgrade (an unknown or expired token) or not reached: closed before it opened.
      if (!this.stop) return this.onclose?.(new CloseEvent('close', { code: 1006 }));
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
    this.close();
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

