import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const appDir = fileURLToPath(new URL('./app', import.meta.url));

export default defineConfig({
  // The server build's entry is our Express app, so the database, auth and mail worker
  // live in one module graph with the route modules (one PGlite instance per process).
  // The same CSS target in both builds keeps `app.css?url` hashes identical on server and client.
  // (React Router's v8 Vite Environment API: the server build is the `ssr` environment.)
  environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
  resolve: { alias: { '~': appDir } },
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
  test: undefined,
});
