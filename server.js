/**
 * Entry point: `node server.js`. Production serves the built app (build/server/index.js);
 * development (NODE_ENV unset or development) runs Vite in middleware mode with HMR.
 */
const isProd = process.env.NODE_ENV === 'production';

if (isProd) {
  const { start } = await import('./build/server/index.js');
  await start();
} else {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const { start } = await vite.ssrLoadModule('./server/app.ts');
  await start({ vite });
}
