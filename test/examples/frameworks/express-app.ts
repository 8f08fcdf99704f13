// server.ts (Express 4 or 5)
import express from 'express';
import { toNodeListener } from 'inbox-kit/server';
import { inboxProxy } from './inbox.server';

export const app = express();
// Mounted before any body parser: the proxy reads the body itself.
app.use('/api/inbox', toNodeListener(inboxProxy));
