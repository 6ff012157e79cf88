// npm run seed -- <url> <admin> <password>: a small demo, through a running server's API.
// npm run seed -- --demo [--photos N ...]: a studio at scale, written into the data directory.
if (process.argv[2] === '--demo') {
  const { main } = await import('../apps/server/src/seed/cli');
  process.exitCode = await main(process.argv.slice(2));
} else {
  const { seedOverHttp, SeedError } = await import('./seed-http');
  const [base = 'http://localhost:8001', username = 'admin', password = process.env.ADMIN_PASSWORD ?? ''] = process.argv.slice(2);
  try {
    await seedOverHttp(base, username, password);
    console.log(`Demo content added to ${base}: sign in at ${new URL('/admin-account/', base).href}`);
  } catch (err) {
    if (!(err instanceof SeedError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}
