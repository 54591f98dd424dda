import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, loadEnv } from 'vite';
import { assertNoSecretKeys } from './src/shared/secret-keys';

const root = path.resolve(import.meta.dirname, 'src/web');

/** Only variables with this prefix reach the browser bundle. */
export const CLIENT_ENV_PREFIX = 'PUBLIC_';

export const aliases = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@web': root,
};

export default defineConfig(({ mode }) => {
  // The spec's rule: the client refuses to start if an exposed config key is named like a secret.
  assertNoSecretKeys(loadEnv(mode, import.meta.dirname, CLIENT_ENV_PREFIX), 'the client build (PUBLIC_* variables)');
  const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  return {
    root,
    envDir: import.meta.dirname,
    envPrefix: CLIENT_ENV_PREFIX,
    plugins: [react(), tailwindcss()],
    resolve: { alias: aliases },
    build: {
      outDir: path.resolve(import.meta.dirname, process.env.WEB_DIST_DIR ?? 'dist/web'),
      emptyOutDir: true,
      sourcemap: false,
      reportCompressedSize: false,
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
  };
});
