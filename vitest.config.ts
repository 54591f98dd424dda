import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@web': path.resolve(import.meta.dirname, 'src/web'),
  '@test': path.resolve(import.meta.dirname, 'test'),
};

/**
 * Four projects: `unit` (pure logic and React components in jsdom), `integration` (the real
 * server and a real Postgres: embedded, or DATABASE_URL when set), `e2e` (Chromium driving the
 * server started as a user starts it) and `container` (the Docker image built and run).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'eslint/**/*.test.ts', 'test/container/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./packages/image/test/global-setup.ts'],
          setupFiles: ['./test/web/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['./packages/image/test/global-setup.ts', './test/server/global-setup.ts'],
          setupFiles: ['./test/server/own-client-address.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run test:container`: builds the image and runs it (Docker, minutes on a cold machine).
          name: 'container',
          include: ['test/container/**/*.container.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 2_400_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
