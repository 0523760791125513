import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The calendar's .ts sources import each other with .js extensions (NodeNext style).
  webpack: (config) => {
    config.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] }
    return config
  },
  // Types are checked by `npm run typecheck` (and CI), not again inside every admin build.
  typescript: { ignoreBuildErrors: true },
}

/**
 * Whether the installed Dart Sass (Payload's and Next's, one copy) has its `import` deprecation:
 * added in 1.80. Read from its package.json, since loading Sass itself takes a second.
 */
function sassHasImportDeprecation() {
  const sassDir = path.dirname(createRequire(import.meta.url).resolve('sass'))
  const [major, minor] = JSON.parse(readFileSync(path.join(sassDir, 'package.json'), 'utf8')).version.split('.').map(Number)
  return major > 1 || (major === 1 && minor >= 80)
}

const config = withPayload(nextConfig, { devBundleServerPackages: false })

// Payload silences Sass's `import` deprecation. An older Sass answers every stylesheet with "Future
// import deprecation is not yet active, so silencing it is unnecessary" (23 of Payload's), and Payload
// filters that text out of the console, so the build said "Compiled with warnings" and showed none.
// Such a Sass does not deprecate @import at all: nothing needs silencing.
if (!sassHasImportDeprecation()) {
  config.sassOptions = { ...config.sassOptions, silenceDeprecations: (config.sassOptions?.silenceDeprecations ?? []).filter((id) => id !== 'import') }
}

export default config
