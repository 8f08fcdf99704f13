import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('inbox', 'routes/inbox.tsx'),
  route('preferences', 'routes/preferences.tsx'),
  // Resource routes: the kit's API route, and the built-in reference service's avatars.
  route('api/inbox/*', 'routes/api.inbox.ts'),
  route('reference/*', 'routes/reference.ts'),
] satisfies RouteConfig;
