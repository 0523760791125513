// Decides, before Jest starts, whether the MongoDB lane can run: MONGODB_URI, or a
// mongodb-memory-server binary (which needs a download that may be unreachable).
export async function mongoLaneAvailable() {
  if (process.env.MONGODB_URI) return true
  try {
    const { MongoMemoryServer } = await import('mongodb-memory-server')
    const server = await Promise.race([
      MongoMemoryServer.create(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 60 s')), 60000)),
    ])
    process.env.MONGODB_URI = server.getUri()
    process.env.MONGODB_MEMORY_SERVER_PID = String(process.pid)
    return true
  } catch (error) {
    process.stdout.write(
      `\nNOTICE: MongoDB lane skipped: no MONGODB_URI and mongodb-memory-server could not start ` +
        `(${String(error instanceof Error ? error.message.split('\n')[0] : error).replace(/"?[a-z]+:\/\/\S+/gi, '<binary download>')}).\n` +
        `        Only the unit suites run. Set MONGODB_URI=mongodb://host:27017 to run the integration suites on MongoDB.\n\n`,
    )
    return false
  }
}
