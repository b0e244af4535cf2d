import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { ConfigError, passkeySettingsFor, readConfig, startupMessages } from './config';
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
  // The port actually bound, once listening: the passkey origins' default (PORT=0 picks a free one).
  let boundPort = config.port;
  const passkeys = passkeySettingsFor(config.passkeys, () => boundPort);
  const emulator = config.apiUpstream
    ? undefined
    : createEmulator(config.dataDir, {
        adminNetworks: config.adminNetworks,
        limits: config.limits,
        trustProxy: config.trustProxy,
        passkeys,
      });
  const app = createApp({ config, emulator: emulator?.app });
  const server = listen(app.fetch, config.port, (info: AddressInfo) => {
    boundPort = info.port;
    if (emulator) console.log(`Passkeys (emulator): RP ID ${passkeys().rpId}, origins ${passkeys().origins.join(', ')}`);
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
