import { describe, expect, it } from '@jest/globals'
import { matchesWhere } from '../../collections/access/matchesWhere.js'
import {
  canChangePost,
  canReadPost,
  changePosts,
  editablePostsWhere,
  readablePostsWhere,
  readPosts,
} from '../../collections/access/postAccess.js'
import { ROLES, type Role } from '../../collections/roles.js'
import { POST_STATUSES } from '../../lib/postStatus.js'
import { userWithRole } from './fixtures/users.js'

// The rules of who may read and change a post are written once, as the Where Payload applies; the
// per-post answers evaluate that Where. These tests hold the evaluation to WordPress's table.

const ME = 7
const SOMEONE = 8
const posts = POST_STATUSES.flatMap((status) =>
  [ME, SOMEONE].flatMap((author) =>
    [null, '2027-01-01T00:00:00.000Z'].map((deletedAt) => ({ status, author, deletedAt })),
  ),
)

/** WordPress's answers, stated plainly (reference section 2). */
function expectedChange(role: Role, post: { status: string; author: number }): boolean {
  if (role === 'administrator' || role === 'editor') return true
  if (role === 'author') return post.author === ME
  if (role === 'contributor') return post.author === ME && (post.status === 'draft' || post.status === 'pending')
  return false
}
function expectedRead(role: Role, post: { status: string; author: number; deletedAt: string | null }): boolean {
  if (post.status === 'publish' && !post.deletedAt) return true
  if (role === 'administrator' || role === 'editor') return true
  return (role === 'author' || role === 'contributor') && post.author === ME
}

describe('post rules, asked about one post', () => {
  it('answer as WordPress does for every role, status, owner and trash state', () => {
    let asked = 0
    for (const role of ROLES) {
      const user = userWithRole(role, ME)
      for (const post of posts) {
        expect([role, post, canChangePost(user, post)]).toEqual([role, post, expectedChange(role, post)])
        expect([role, post, canReadPost(user, post)]).toEqual([role, post, expectedRead(role, post)])
        asked++
      }
    }
    expect(asked).toBe(ROLES.length * posts.length)
  })

  it('refuse anonymous callers everything but published, untrashed posts', () => {
    for (const post of posts) {
      expect(canChangePost(null, post)).toBe(false)
      expect(canReadPost(null, post)).toBe(post.status === 'publish' && !post.deletedAt)
    }
  })

  it('give Payload the same rules as its access functions', () => {
    for (const role of ROLES) {
      const user = userWithRole(role, ME)
      const req = { user } as never
      expect(changePosts({ req })).toEqual(editablePostsWhere(user))
      expect(readPosts({ req })).toEqual(readablePostsWhere(user))
    }
  })

  it('compare a populated author by its ID', () => {
    expect(canChangePost(userWithRole('author', ME), { author: { id: ME }, status: 'publish' })).toBe(true)
    expect(canChangePost(userWithRole('author', ME), { author: { id: SOMEONE }, status: 'publish' })).toBe(false)
  })
})

describe('matchesWhere', () => {
  const doc = { status: 'draft', author: 3, deletedAt: null, tags: 'x' }
  it.each([
    [true, true],
    [false, false],
    [{ status: { equals: 'draft' } }, true],
    [{ status: { not_equals: 'draft' } }, false],
    [{ status: { in: ['draft', 'pending'] } }, true],
    [{ status: { not_in: ['draft', 'pending'] } }, false],
    [{ deletedAt: { exists: false } }, true],
    [{ deletedAt: { exists: true } }, false],
    [{ author: { equals: '3' } }, true],
    [{ author: { equals: undefined } }, false],
    [{ and: [{ status: { equals: 'draft' } }, { author: { equals: 4 } }] }, false],
    [{ or: [{ status: { equals: 'publish' } }, { author: { equals: 3 } }] }, true],
  ])('%j → %s', (where, expected) => {
    expect(matchesWhere(where as never, doc)).toBe(expected)
  })

  it('refuses an operator it cannot judge rather than answering no', () => {
    expect(() => matchesWhere({ status: { like: 'dr' } }, doc)).toThrow(/unsupported operator "like"/)
  })
})
