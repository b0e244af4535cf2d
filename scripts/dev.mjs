// `npm run dev`: the server with the emulator on EMULATOR_PORT (3001) and Vite's dev server with hot
// reload on PORT (3000), proxying the API to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, root, viteConfigLoader } from './lib.mjs';

ensureInstalled();
const emulatorPort = process.env.EMULATOR_PORT ?? '3001';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [
  // Passkeys are made and used on the page's origin, Vite's, not the emulator's own port.
  spawn(bin('tsx'), ['watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { PASSKEY_ORIGINS: `http://localhost:${process.env.PORT ?? '3000'}`, ...process.env, PORT: emulatorPort },
  }),
  spawn(bin('vite'), viteConfigLoader, { cwd: root, stdio: 'inherit', env: { ...process.env, EMULATOR_PORT: emulatorPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
