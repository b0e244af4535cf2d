/**
 * docs/deploy/nginx.conf: the configuration the container's start writes (server/deploy/render.ts),
 * for the settings below, kept in the repository to be read. `npm run deploy:example` writes it again;
 * server/deploy/nginx-config.test.ts fails when it is out of date. The build's style hashes are left
 * out (they change with the markup); the real start puts them in.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../config';
import { debianBrotliModule } from './render';
import { nginxConfig } from './nginx-config';

export const exampleFile = path.resolve(import.meta.dirname, '..', '..', 'docs', 'deploy', 'nginx.conf');

/** Production's settings in the example (a passkey the backend does not know is named to password managers there only). */
export const exampleConfigSettings = {
  API_UPSTREAM: 'https://api.digipost.example',
  APP_ENVIRONMENT: 'production',
  STATUSPAGE_URL: 'https://status.digipost.example/api/v2',
  CHATBOT_URL: 'https://chat.digipost.example/widget.js',
  ANALYTICS_URL: 'https://analytics.digipost.example/analytics.js',
  SENTRY_DSN: 'https://public-key@errors.digipost.example/7',
  PASSKEY_SIGNAL_UNKNOWN: 'on',
};

export function exampleConfig(): string {
  const { runtime } = readConfig(exampleConfigSettings);
  return nginxConfig({
    siteDir: '/var/lib/innlogging/site',
    runtime,
    styleHashes: [],
    upstream: 'https://api.digipost.example',
    listenHttp: '80',
    tls: { listen: '443', certificate: '/etc/innlogging/tls/fullchain.pem', key: '/etc/innlogging/tls/privkey.pem', redirectPort: 443 },
    prefixDir: '/var/lib/innlogging',
    brotliModule: debianBrotliModule,
    serverName: 'www.digipost.example',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(exampleFile, exampleConfig());
  console.log(`wrote ${path.relative(process.cwd(), exampleFile)}`);
}
