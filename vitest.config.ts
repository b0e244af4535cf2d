import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { commonPasswordsPlugin } from './build/common-passwords-plugin';

export default defineConfig({
  plugins: [react(), commonPasswordsPlugin()],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
    // Component tests that type step by step (the reset wizard's) take 3–4 s alone on this 2-core
    // machine and more while other files run: room for that, not for a hang.
    testTimeout: 15_000,
    // On CI a failed test runs once more, as in Playwright; `npm test` names the ones that passed only then.
    retry: process.env.CI ? 1 : 0,
  },
});
