import { createFileRoute } from '@tanstack/react-router'
import { inboxProxy } from '../../../lib/inbox.server'

// Every method under /api/inbox/ goes to the proxy, which allows only what the signed-in user may do.
export const Route = createFileRoute('/api/inbox/$')({
  server: {
    handlers: {
      ANY: ({ request }) => inboxProxy(request),
    },
  },
})
