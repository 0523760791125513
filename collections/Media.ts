import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { anyone } from './access/anyone.js'
import { createPosts } from './access/postAccess.js'
import { recordNewFiles } from './hooks/recordNewFiles.js'
import { MEDIA } from './slugs.js'

/** Featured images of events, venues and organizers, stored in `mediaDir` (the plugin's option). */
export const Media = (mediaDir: string): CollectionConfig => ({
  slug: MEDIA,
  labels: { singular: 'Image', plural: 'Media' },
  admin: { group: 'Events' },
  access: { read: anyone, create: createPosts, update: createPosts, delete: createPosts },
  upload: {
    // Relative to the working directory (Payload resolves it there): the admin's client config carries
    // staticDir to every signed-in user, and an absolute path would tell them where the server lives.
    staticDir: path.relative(process.cwd(), mediaDir) || '.',
    mimeTypes: ['image/*'],
    imageSizes: [
      { name: 'thumbnail', width: 150, height: 150 },
      { name: 'medium', width: 300 },
      { name: 'large', width: 1024 },
    ],
  },
  // A write that rolls back removes the files it stored (trackNewFiles).
  hooks: { beforeChange: [recordNewFiles] },
  fields: [{ name: 'alt', type: 'text' }],
})
