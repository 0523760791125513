import type { Server } from 'node:net'

/** Listens, or fails with the reason in words (the port is taken, no permission, no such address). */
export function listen(server: Server, port: number, host: string): Promise<void> {
  const where = `${host || 'all interfaces'} port ${port}`
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new Error(`cannot listen on ${where}: the port is already in use (set PORT or HOST)`))
      else if (error.code === 'EACCES') reject(new Error(`cannot listen on ${where}: permission denied (set PORT above 1023)`))
      else if (error.code === 'EADDRNOTAVAIL') reject(new Error(`cannot listen on ${where}: the address is not one of this machine's (set HOST)`))
      else reject(new Error(`cannot listen on ${where}: ${error.message}`))
    })
    server.listen(port, host || undefined, () => resolve())
  })
}
