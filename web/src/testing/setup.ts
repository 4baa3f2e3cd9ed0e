import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { type CookieName, removeCookie } from '@/lib/cookies';

// The first test of a file waits for its screen's lazy chunk to be transformed; on a busy 2-core CI machine that
// can take longer than the 1 s default of findBy*/waitFor, which failed tests that were right.
configure({ asyncUtilTimeout: 5000 });

// The app imports the answers' schemas, and zod with them, lazily (lib/first-screen-schemas.ts); importing them here
// keeps that transform out of the first test's waiting time, as a static import did before.
await import('@/lib/first-screen-schemas');

// jsdom has no matchMedia; Mantine asks it about colour scheme and reduced motion.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(() => {
  // Without vitest globals Testing Library cannot register its own cleanup.
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    removeCookie(cookie.split('=')[0] as CookieName);
  }
});
