/** Puts each XSS vector in a notification of its own, newest first, in the field it targets. */
import type { ReferenceService } from '../../../src/testing/index';
import { XSS_VECTORS } from './xss-vectors';

export function plant(service: ReferenceService): void {
  const ada = service.data.subscribers.find((s) => s.subscriberId === 'sub_ada')?._id;
  const template = service.data.messages.find((m) => m._subscriberId === ada);
  if (!template) throw new Error('no message to copy');
  const now = Date.now();
  XSS_VECTORS.forEach((vector, index) => {
    const message = structuredClone(template);
    Object.assign(message, {
      // An ObjectId, as the service's ids are (v2's cursor is one).
      _id: `5e55${index.toString(16).padStart(20, '0')}`,
      createdAt: new Date(now - index * 1000).toISOString(),
      subject: `Vector ${index + 1}`,
      content: `Vector ${index + 1} (${vector.field})`,
      cta: { type: 'redirect', data: { url: '/inbox' } },
      actor: { type: 'none', data: null },
      payload: {},
    });
    const value = String(vector.value);
    switch (vector.field) {
      case 'subject':
        message.subject = value;
        break;
      case 'content':
        message.content = value;
        break;
      case 'button':
        message.cta = { type: 'redirect', data: { url: '/inbox' }, action: { status: 'pending', buttons: [{ type: 'primary', content: value }] } } as typeof message.cta;
        break;
      case 'sender':
        message.actor = { type: 'user', data: null };
        message.actorSubscriber = { ...(message.actorSubscriber ?? { _id: 'x', subscriberId: 'x' }), firstName: value, lastName: value } as typeof message.actorSubscriber;
        break;
      case 'link':
        message.cta = { type: 'redirect', data: { url: value } } as typeof message.cta;
        break;
      case 'avatar':
        message.actor = { type: 'user', data: value };
        break;
      case 'custom-icon':
        message.actor = { type: 'system_custom', data: value };
        break;
      case 'payload':
        // v1 shows the trigger payload, v2 the step's data.
        message.payload = vector.value as Record<string, unknown>;
        message.data = vector.value as Record<string, unknown>;
        break;
    }
    service.data.messages.push(message);
  });
}
