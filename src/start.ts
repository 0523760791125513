// `npm start`: production mode; builds the admin first when the build is missing or older than the sources.
export {}
;(process.env as Record<string, string>).NODE_ENV = 'production'
const { ensureAdminBuild } = await import('./ensureAdminBuild.js')
await ensureAdminBuild()
await import('./server.js')
