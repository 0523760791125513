import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { USERS } from '../../collections/slugs.js'
import { ImportError } from './ImportError.js'
import type { ImportState } from './ImportState.js'
import type { TecClient } from './TecClient.js'
import type { User } from '../payload-types.js'

/** A user posts are attributed to: one stored here (Payload's generated type), or the unauthored stand-in. */
export type UserDoc = Pick<User, 'id' | 'username'> & Partial<User>

/** Stands for no user: a post written with it has no author. */
const UNAUTHORED: UserDoc = { id: 0, username: '' }

/**
 * Source author IDs → users here. With --author every post goes to that user. Otherwise each source
 * author becomes the user with the same username (read from WordPress's /wp/v2/users when the site
 * lets the credentials see it), created as a contributor with an unusable random password when
 * missing: they sign in after an administrator sets one (users:set-password). A post without a source
 * author (empty or 0, as WordPress writes a post nobody authored) stays without one here: no user is made.
 */
export class AuthorMap {
  private readonly known = new Map<string, Promise<UserDoc>>()
  created = 0

  constructor(
    private readonly payload: Payload,
    private readonly client: TecClient,
    private readonly state: ImportState,
    private readonly options: { author?: string; dryRun: boolean },
  ) {}

  private async findUser(name: string): Promise<UserDoc | undefined> {
    const found = await this.payload.find({
      collection: USERS,
      where: { or: [{ username: { equals: name } }, { email: { equals: name.toLowerCase() } }] },
      limit: 1,
      depth: 0,
      overrideAccess: true,
    })
    return found.docs[0]
  }

  /** The --author user, checked before anything is written. */
  async checkAuthor(): Promise<void> {
    if (this.options.author && !(await this.findUser(this.options.author))) throw new ImportError(`--author: no user "${this.options.author}" here`)
  }

  resolve(sourceAuthor: unknown): Promise<UserDoc> {
    const key = this.options.author ? '' : String(sourceAuthor ?? '').trim()
    if (!this.options.author && (key === '' || key === '0')) return Promise.resolve(UNAUTHORED)
    let user = this.known.get(key)
    if (!user) {
      user = this.lookUp(key)
      this.known.set(key, user)
    }
    return user
  }

  private async lookUp(sourceId: string): Promise<UserDoc> {
    if (this.options.author) return (await this.findUser(this.options.author))!
    const mapped = this.state.target('users', sourceId)
    if (mapped !== undefined) {
      const found = await this.payload.find({ collection: USERS, where: { id: { equals: mapped } }, limit: 1, depth: 0, overrideAccess: true })
      if (found.docs[0]) return found.docs[0]
    }
    const host = new URL(this.client.root).host.replace(/[^a-z0-9]+/gi, '-').toLowerCase()
    let username = `${host}-author-${sourceId || 0}`
    let displayName = username
    // WordPress (not TEC) names its users; a site may refuse, then the placeholder name stays.
    const wpRoot = this.client.root.replace(/\/(tribe|calendar)\/events\/v1$/, '')
    if (/^\d+$/.test(sourceId)) {
      const { status, body } = await this.client.get(`${wpRoot}/wp/v2/users/${sourceId}?context=edit`).catch(() => ({ status: 0, body: undefined }))
      const wpUser = body as { slug?: string; username?: string; name?: string } | undefined
      if (status === 200 && (wpUser?.username || wpUser?.slug)) {
        username = (wpUser.username || wpUser.slug)!
        displayName = wpUser.name || username
      }
    }
    let user = await this.findUser(username)
    if (!user && !this.options.dryRun) {
      user = (await this.payload.create({
        collection: USERS,
        data: {
          username,
          displayName,
          email: `${username.replace(/[^a-z0-9._-]+/gi, '-')}@import.invalid`,
          password: randomBytes(24).toString('base64url'),
          role: 'contributor',
        },
        overrideAccess: true,
      }))
      this.created++
    }
    user ??= { id: 0, username, role: 'contributor' }
    if (!this.options.dryRun) this.state.remember('users', sourceId, user.id, '')
    return user
  }
}
