// app/routes/api.inbox.$.ts (React Router framework mode, or Remix): a resource route
import { inboxProxy } from '../../inbox.server';

export const loader = ({ request }: { request: Request }) => inboxProxy(request);
export const action = loader;
