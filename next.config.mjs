import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The calendar's .ts sources import each other with .js extensions (NodeNext style).
  webpack: (config) => {
    config.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] }
    return config
  },
  turbopack: { resolveExtensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
