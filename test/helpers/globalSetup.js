// Before a PostgreSQL run: drop the per-suite databases earlier runs left behind.
export default async function globalSetup() {
  if (process.env.TEST_DATABASE !== 'postgres') return
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    connectionString: process.env.TEST_POSTGRES_URL || 'postgres://calendar:calendar@127.0.0.1:5432/postgres',
  })
  await client.connect()
  const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'calendar\\_test\\_%'")
  // Only those of runs long finished: a younger one may belong to a run still going in parallel
  // (names carry their creation time: calendar_test_<ms>_<hex>).
  const stale = Date.now() - 2 * 60 * 60 * 1000
  for (const { datname } of rows) {
    if (Number(datname.split('_')[2]) > stale) continue
    await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  }
  await client.end()
}
