import type { Config } from '@react-router/dev/config';

/**
 * React Router framework config: server rendering on, app code under `app/`, and the v8
 * behaviours adopted now (no future-flag warnings at build time).
 */
export default {
  ssr: true,
  appDirectory: 'app',
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
    v8_middleware: true,
  },
} satisfies Config;
