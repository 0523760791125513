import path from 'node:path'
import type { CollectionConfig } from 'payload'
import { env } from '../src/env.js'
import { anyone } from './access/anyone.js'
import { createPosts } from './access/postAccess.js'
import { MEDIA } from './slugs.js'

/** Featured images of events, venues and organizers. */
export const Media: CollectionConfig = {
  slug: MEDIA,
  labels: { singular: 'Image', plural: 'Media' },
  admin: { group: 'Calendar' },
  access: { read: anyone, create: createPosts, update: createPosts, delete: createPosts },
  upload: {
    staticDir: path.join(env.DATA_DIR, 'media'),
    mimeTypes: ['image/*'],
    imageSizes: [
      { name: 'thumbnail', width: 150, height: 150 },
      { name: 'medium', width: 300 },
      { name: 'large', width: 1024 },
    ],
  },
  fields: [{ name: 'alt', type: 'text' }],
}
