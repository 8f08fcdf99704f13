import { createFileRoute } from '@tanstack/react-router'
import { referenceAssets } from '../../lib/inbox.server'

export const Route = createFileRoute('/reference/$')({
  server: {
    handlers: {
      GET: ({ request }) => referenceAssets(request),
    },
  },
})
