import { defineConfig } from 'vitest/config';
import { apiProjects } from './api/vitest.projects.js';

export default defineConfig({
  test: {
    projects: [
      'common/vitest.config.ts',
      'web/vite.config.ts',
      ...apiProjects(process.env),
      // The repository's own scripts (the build, the lint's checks): plain functions, no database.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
  },
});
