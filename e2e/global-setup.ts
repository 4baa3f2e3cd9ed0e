import { freshDataDir, startPortal } from './portal-server.js';

/** One portal for the browser tests, on a free port with a fresh data folder and the demo data; every test
 * comes from one address, so the per-address student lookup limit is lifted. */
export default async function globalSetup() {
  const server = await startPortal(await freshDataDir(), {
    DEMO_DATA: '1',
    STUDENT_LOOKUP_RATE_LIMIT: '100000',
  });
  process.env.PORTAL_URL = server.url;
  process.env.PORTAL_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
