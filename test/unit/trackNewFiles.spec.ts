// The files of a rolled-back write: recordNewFiles notes the paths an upload is about to write in a
// tracked transaction, and trackNewFiles removes them on rollback. A path that held a file before the
// upload is never noted, so a rollback cannot remove it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Payload, PayloadRequest } from 'payload'
import { recordNewFiles } from '../../collections/hooks/recordNewFiles.js'
import { trackNewFiles } from '../../lib/uploads/trackNewFiles.js'

let dir: string
const payload = { logger: { error: () => undefined } } as unknown as Payload
const req = (transactionID?: string) => ({ transactionID }) as unknown as PayloadRequest

/** Runs the hook as Payload would for an upload of `filename` with a thumbnail, then writes those files. */
async function upload(request: PayloadRequest, filename: string) {
  const data = { filename, sizes: { thumbnail: { filename: filename.replace('.png', '-150x150.png') }, large: { filename: null } } }
  await recordNewFiles({ data, req: request, collection: { upload: { staticDir: dir } } } as never)
  for (const name of [data.filename, data.sizes.thumbnail.filename]) await writeFile(path.join(dir, name), 'png')
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'track-new-files-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('trackNewFiles', () => {
  it('removes the files a rolled-back transaction wrote, every size, and nothing that was there before', async () => {
    await writeFile(path.join(dir, 'before-150x150.png'), 'old')
    const write = req('rolled-back')
    const files = await trackNewFiles(write, payload)
    await upload(write, 'new.png')
    // Its thumbnail's name is taken by a file from before: that one is overwritten, never removed.
    await upload(write, 'before.png')
    await files.discard()
    expect(await readdir(dir)).toEqual(['before-150x150.png'])
  })

  it('keeps the files of a committed transaction and notes nothing for untracked ones', async () => {
    const committed = req('committed')
    const files = await trackNewFiles(committed, payload)
    await upload(committed, 'kept.png')
    files.keep()
    await upload(req('untracked'), 'own.png')
    await upload(req(), 'none.png')
    await files.discard()
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['kept.png', 'kept-150x150.png', 'own.png', 'none.png']))
  })
})
