import { startNginx } from './nginx';
import { startServer } from './server';

/**
 * One server for the whole run; specs reach it through the baseURL fixture. With E2E_VIA_NGINX=1 the
 * browser talks to Debian's nginx serving the static build instead, our server only behind it as the
 * API upstream (the run of the tests tagged @deploy in `npm test`).
 */
export default async function globalSetup() {
  const server = await startServer();
  if (process.env.E2E_VIA_NGINX === '1') {
    const nginx = await startNginx(server.url);
    process.env.E2E_BASE_URL = nginx.url;
    // For the page fixture, which fails a test whose browser reaches the server behind nginx directly.
    process.env.E2E_UPSTREAM_URL = server.url;
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
