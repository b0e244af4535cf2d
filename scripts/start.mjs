// `npm start`: install what is missing, build when sources changed, then serve on PORT (default 3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, ensurePrerequisites, root } from './lib.mjs';

ensurePrerequisites();
ensureInstalled();
ensureBuilt();
const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
