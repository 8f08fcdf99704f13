import { inboxProxy } from '../../../../lib/inbox';

export { inboxProxy as GET, inboxProxy as POST, inboxProxy as PATCH };
