// The server process's entry: `npm start` runs the bundle of this file (apps/server/dist/main.js).
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';

const config = loadConfig();
// The database opens first and the rest of the server loads meanwhile (server.ts is imported
// only after this line): PGlite's files are read and its WebAssembly compiled (on V8's
// background threads) while the server's modules are evaluated, rather than one after the
// other. A failure is reported by startServer, which awaits it.
const database = openConfiguredDatabase(config);
database.catch(() => {});
const { startServer } = await import('./server');
await startServer(config, database);
