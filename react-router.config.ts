import type { Config } from '@react-router/dev/config';

/** React Router framework config: server rendering on, app code under `app/`. */
export default {
  ssr: true,
  appDirectory: 'app',
} satisfies Config;
