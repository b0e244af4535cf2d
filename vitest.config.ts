import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { commonPasswordsPlugin } from './build/common-passwords-plugin';

export default defineConfig({
  plugins: [react(), commonPasswordsPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
  },
});
