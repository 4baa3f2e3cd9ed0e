import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['common/vitest.config.ts', 'api/vitest.config.ts', 'web/vite.config.ts'],
  },
});
