import react from '@vitejs/plugin-react'
import { defineConfig, type PreviewServer, type ViteDevServer } from 'vite'
import { inboxApi } from './server/inbox-api.js'

// The /api/inbox route inside Vite's dev (and preview) server, as server.js mounts it in production.
const mountInboxApi = (server: ViteDevServer | PreviewServer) => void server.middlewares.use('/api/inbox', inboxApi)

// https://vite.dev/config/
export default defineConfig({
  plugins: [react(), { name: 'inbox-api', configureServer: mountInboxApi, configurePreviewServer: mountInboxApi }],
})
