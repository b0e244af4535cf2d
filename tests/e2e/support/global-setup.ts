import { startNginx } from './nginx';
import { startServer } from './server';

/**
 * One server for the whole run; specs reach it through the baseURL fixture. With E2E_VIA_NGINX=1 the
 * browser talks to Debian's nginx serving the static build instead, our server only behind it as the
 * API upstream (the static-deploy smoke run).
 */
export default async function globalSetup() {
  const server = await startServer();
  if (process.env.E2E_VIA_NGINX === '1') {
    const nginx = await startNginx(server.url);
    process.env.E2E_BASE_URL = nginx.url;
    return async () => {
      await nginx.stop();
      await server.stop();
    };
  }
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
