// `node src/runCompiled.mjs src/cli.ts [args]`: runs a TypeScript entry from a JavaScript copy kept in
// node_modules/.cache, without a module loader. Under `--import tsx` every one of the ~1,600 modules a
// command loads (Payload, drizzle, lexical…) is resolved and loaded through tsx's hooks, which run on
// a thread of their own in Node 20: that doubled a command's start-up. The project's own files are
// bundled once by esbuild (tsx's own, so the same transform), and rebuilt when a file they came from
// changed. Packages are left to Node, except for the CLI (BUNDLES_PACKAGES). Plain JavaScript, as it must
// run before anything can read TypeScript.
import cluster from 'node:cluster'
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import process from 'node:process'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'calendar-entries')
/** Bump when the build options below change, so older copies are not reused. */
const FORMAT = 2
/**
 * Entries whose packages are bundled with them. A CLI command spends most of its start-up on Node
 * finding, reading and linking some 1,460 package modules (Payload, drizzle, Lexical); one bundle
 * of them starts in well under half the time. Not the server: Next.js serves the admin from its own
 * build and must share React and Payload with it, so `npm start` keeps its packages as installed.
 */
const BUNDLES_PACKAGES = new Set(['src/cli.ts'])
/**
 * Packages left to Node even then: native addons; packages that find files next to their own
 * (__dirname, import.meta.url: jsdom's style sheets, pino's worker threads, MongoDB's optional
 * modules); those only code generation loads (with imports of computed names); and Next.js.
 */
const EXTERNAL_PACKAGES = [
  ...['libsql', '@libsql/*', 'sharp', '@img/*', 'pg-native'],
  ...['jsdom', 'pino', 'pino-pretty', 'thread-stream', 'mongodb', 'mongoose'],
  ...['json-schema-to-typescript', 'prettier', 'typescript', 'meriyah', 'drizzle-kit', 'esbuild', 'tsx'],
  ...['next', '@next/*', 'react-dom', '@payloadcms/next'],
]
/** Copies replaced this long ago are removed; a process that started on one may still load its chunks. */
const KEEP_OLD_MS = 24 * 60 * 60 * 1000

const [entryArg, ...rest] = process.argv.slice(2)
if (!entryArg) throw new Error('usage: node src/runCompiled.mjs <entry.ts> [args]')
const entry = path.resolve(entryArg)
const name = path.relative(ROOT, entry).replace(/[^\w.-]+/g, '_')
const stampFile = path.join(CACHE, `${name}.json`)

/** The size and modification time of a file, or null when it is gone. */
function signature(file) {
  try {
    const stat = statSync(file)
    return `${stat.size}:${stat.mtimeMs}`
  } catch {
    return null
  }
}

/** The export conditions given to Node (`--conditions=x`, `-C x`). */
function conditionsOf(execArgv) {
  return execArgv.flatMap((arg, i) => {
    if (arg.startsWith('--conditions=')) return [arg.slice('--conditions='.length)]
    if (arg === '--conditions' || arg === '-C') return execArgv[i + 1] ? [execArgv[i + 1]] : []
    return []
  })
}

/** The current copy's output folder when every file it was built from is unchanged. */
function upToDate() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'))
    // Another checkout sharing this node_modules (a link) keeps its own stamp under the same name.
    if (stamp.format !== FORMAT || stamp.root !== ROOT) return undefined
    for (const [file, sig] of Object.entries(stamp.inputs)) if (signature(path.join(ROOT, file)) !== sig) return undefined
    return signature(path.join(stamp.dir, stamp.main)) ? path.join(stamp.dir, stamp.main) : undefined
  } catch {
    return undefined
  }
}

/** Bundles the entry's own files (packages stay imports) into a fresh folder, then points the stamp at it. */
async function build() {
  const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild')
  const dir = path.join(CACHE, `${name}-${Date.now()}-${process.pid}`)
  const withPackages = BUNDLES_PACKAGES.has(path.relative(ROOT, entry).split(path.sep).join('/'))
  // Each file keeps its own import.meta.url (files are read, and packages resolved, next to it). An
  // import() of a computed name (left as written) would resolve from the copy's folder: such a file,
  // found in its compiled form (no types or comments), sends the entry back to its sources.
  const computedImports = []
  const ownUrl = {
    name: 'own-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
        const source = readFileSync(args.path, 'utf8').replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href))
        const extension = path.extname(args.path).replace(/^\.[cm]?/, '')
        const compiled = esbuild.transformSync(source, { loader: extension, format: 'esm' }).code
        if (/\bimport\s*\(\s*(?!"[^"]*"\s*\))/.test(compiled)) computedImports.push(args.path)
        return { contents: source, loader: extension }
      })
    },
  }
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    ...(withPackages
      ? {
          external: EXTERNAL_PACKAGES,
          // Resolved as Node resolves them in this process (`npm run cli` passes --conditions=production).
          conditions: conditionsOf(process.execArgv),
          // CommonJS packages call require(): one made for each chunk, resolving as from node_modules.
          banner: { js: "import { createRequire as __calendarRequire } from 'node:module'; const require = __calendarRequire(import.meta.url);" },
        }
      : { packages: 'external' }),
    // Class and function names stay as written (errors and logs show them).
    keepNames: true,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [ownUrl],
  })
  // An import esbuild could not follow (it warns) would resolve from the copy's folder too.
  if (result.warnings.length) throw new Error(result.warnings[0].text)
  if (computedImports.length) throw new Error(`an import() of a computed name in ${computedImports[0]}`)
  mkdirSync(dir, { recursive: true })
  for (const file of result.outputFiles) writeFileSync(file.path, file.contents)
  // Bundled packages change with an install, which rewrites npm's record of node_modules: that file
  // stands for all of theirs (thousands, each checked at every start otherwise).
  const own = Object.keys(result.metafile.inputs).filter((file) => !file.split(/[\\/]/).includes('node_modules'))
  const installed = withPackages ? ['package-lock.json', 'node_modules/.package-lock.json'] : []
  const inputs = Object.fromEntries([...own, ...installed, 'tsconfig.json', 'package.json'].map((file) => [file, signature(path.join(ROOT, file))]))
  const main = `${path.basename(entry).replace(/\.[cm]?tsx?$/, '')}.mjs`
  // Written whole, then renamed: processes starting at the same time read an old or a new stamp, never half.
  const temporary = `${stampFile}.${process.pid}`
  writeFileSync(temporary, JSON.stringify({ format: FORMAT, root: ROOT, dir, main, inputs }))
  renameSync(temporary, stampFile)
  for (const old of readdirSync(CACHE)) {
    const folder = path.join(CACHE, old)
    if (!old.startsWith(`${name}-`) || folder === dir) continue
    // Another process may be removing the same folder.
    const age = Date.now() - (statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
    if (age > KEEP_OLD_MS) rmSync(folder, { recursive: true, force: true })
  }
  return path.join(dir, main)
}

let compiled = upToDate()
if (!compiled) {
  try {
    mkdirSync(CACHE, { recursive: true })
    compiled = await build()
  } catch {
    // A read-only install or an unbundlable import: the same entry through tsx, as before, only slower.
    compiled = undefined
  }
}
// The entry sees the arguments as under `node --import tsx <entry>`, and the workers it forks
// (node:cluster, WEB_CONCURRENCY) start the same way as this process.
process.argv = [process.argv[0], entry, ...rest]
if (cluster.isPrimary) cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: [entry, ...rest] })
if (compiled) {
  await import(pathToFileURL(compiled).href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import(pathToFileURL(entry).href)
}
