// A resource route (no component) at /api/inbox/*, registered in app/routes.ts: the kit's requests from the browser.
import { inboxProxy } from '../inbox.server';
import type { Route } from './+types/api.inbox';

export const loader = ({ request }: Route.LoaderArgs) => inboxProxy(request);
export const action = ({ request }: Route.ActionArgs) => inboxProxy(request);
