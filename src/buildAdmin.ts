// `npm run build`: the admin's production build (next build), skipped when it is newer than the sources.
import { ensureAdminBuild } from './ensureAdminBuild.js'

await ensureAdminBuild()
