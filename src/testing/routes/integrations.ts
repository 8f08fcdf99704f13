/** `POST /v1/integrations/{integrationId}/set-primary`: 201 on the deployed service (no `@HttpCode`), 200 in the spec form. */
import type { Integration } from '../../client/schemas/index';
import { HttpError } from '../http-util';
import type { Route, ServiceState } from './context';

export function integrationRoutes(state: ServiceState): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^(.*)\/v1\/integrations\/([^/]+)\/set-primary$/,
      run({ params }) {
        const id = params[0] ?? '';
        const integration = state.data.integrations.find((i) => i._id === id && !i.deleted);
        if (!integration) throw new HttpError(404, `Integration with id ${id} not found`);
        if (integration.channel !== 'email' && integration.channel !== 'sms') {
          throw new HttpError(400, `Channel ${integration.channel} does not support primary`);
        }
        const status = state.mode === 'deployed' ? 201 : 200;
        // Already primary: returned as it is (its conditions kept), as the deployed use case does.
        if (integration.primary && integration.active) return { status, body: structuredClone(integration) satisfies Integration };
        for (const other of state.data.integrations) {
          if (other !== integration && other.channel === integration.channel && other._environmentId === integration._environmentId && other.active && other.primary) {
            other.primary = false;
          }
        }
        integration.active = true;
        integration.primary = true;
        integration.conditions = [];
        return { status, body: structuredClone(integration) satisfies Integration };
      },
    },
  ];
}
