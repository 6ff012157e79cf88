// The server process's entry: `npm start` runs the bundle of this file (apps/server/dist/main.js).
import { loadConfig } from './config';
import { compilePgliteWasm } from './db/client';

const config = loadConfig();
// PGlite's WebAssembly is compiled on V8's background threads while the rest of the server
// loads (server.ts is imported only after this line): the embedded database opens without
// waiting for it. A failure is reported when the database opens.
if (!config.databaseUrl) compilePgliteWasm().catch(() => {});
const { startServer } = await import('./server');
await startServer(config);
