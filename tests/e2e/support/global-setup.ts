import { startServer } from './server';

/** One server for the whole run; specs reach it through the baseURL fixture. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
