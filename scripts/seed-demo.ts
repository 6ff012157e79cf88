// npm run seed -- <url> <admin> <password>: a small demo, through a running server's API.
// npm run seed -- --demo [--photos N ...]: a studio at scale, written into the data directory.
if (process.argv[2] === '--demo') {
  const { main } = await import('../apps/server/src/seed/cli');
  process.exitCode = await main(process.argv.slice(2));
} else {
  await import('./seed-http');
}
