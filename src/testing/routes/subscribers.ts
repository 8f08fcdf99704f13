/** `GET /v1/subscribers/{subscriberId}`: one subscriber, as the deployed service returns it (the proxy asks for its `_id`). */
import { HttpError } from '../http-util';
import { findSubscriber, type Route, type ServiceState } from './context';

export function subscriberRoutes(state: ServiceState): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^(.*)\/v1\/subscribers\/([^/]+)$/,
      run({ params }) {
        const subscriberId = params[0] ?? '';
        const subscriber = findSubscriber(state, subscriberId);
        if (!subscriber) throw new HttpError(404, `Subscriber not found for id ${subscriberId}`);
        const record: Record<string, unknown> = { ...structuredClone(subscriber) };
        // The service keeps preferences elsewhere; they are not part of the subscriber record.
        delete record.preferences;
        return { status: 200, body: { ...record, channels: [], __v: 0 } };
      },
    },
  ];
}
