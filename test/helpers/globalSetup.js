// Before a PostgreSQL run: drop the per-suite databases earlier runs left behind.
export default async function globalSetup() {
  if (process.env.TEST_DATABASE !== 'postgres') return
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    connectionString: process.env.TEST_POSTGRES_URL || 'postgres://calendar:calendar@127.0.0.1:5432/postgres',
  })
  await client.connect()
  const { rows } = await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'calendar\\_test\\_%'")
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  await client.end()
}
