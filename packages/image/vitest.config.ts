import { defineConfig } from 'vitest/config';

/** `npm test --workspace @photomuse/image`: the engine's own tests, on a freshly built vision worker. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
  },
});
