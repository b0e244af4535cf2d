import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, readConfig, startupMessages } from './config';
import { createEmulator } from './emulator';
import { listen } from './listen';

function main() {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { warnings, notes } = startupMessages(config);
  for (const line of warnings) console.warn(line);
  for (const line of notes) console.log(line);
  const emulator = config.apiUpstream
    ? undefined
    : createEmulator(config.dataDir, {
        adminNetworks: config.adminNetworks,
        limits: config.limits,
        trustProxy: config.trustProxy,
      });
  const app = createApp({ config, emulator: emulator?.app });
  const server = listen(app.fetch, config.port, (info: AddressInfo) => {
    const mode = config.apiUpstream ? `proxying the API to ${config.apiUpstream.origin}` : `backend emulator, data in ${config.dataDir}`;
    console.log(`innlogging listening on http://localhost:${info.port}/innlogging/ (${mode})`);
  });
  const stop = () => {
    server.close();
    emulator?.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
