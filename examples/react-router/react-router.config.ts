import type { Config } from '@react-router/dev/config';

export default {
  // Server rendering: the root loader puts the bell's count into the first HTML.
  ssr: true,
  // As create-react-router's default template sets them.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
