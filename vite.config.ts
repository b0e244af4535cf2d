import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { commonPasswordsPlugin } from './build/common-passwords-plugin';
import { hedwigFontsPlugin } from './build/hedwig-fonts-plugin';
import { cssPurgePlugin } from './build/css-purge-plugin';

const emulatorPort = process.env.EMULATOR_PORT ?? '3001';

export default defineConfig({
  base: '/innlogging/',
  plugins: [react(), commonPasswordsPlugin(), hedwigFontsPlugin(), cssPurgePlugin()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/post': `http://localhost:${emulatorPort}`,
      '/dev': `http://localhost:${emulatorPort}`,
      '/postkasse': `http://localhost:${emulatorPort}`,
      '/registrering': `http://localhost:${emulatorPort}`,
      '/virksomhetsadmin': `http://localhost:${emulatorPort}`,
      '/admin': `http://localhost:${emulatorPort}`,
    },
  },
});
