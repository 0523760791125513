import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { mergeChanges, type ChangeRecord } from '../../collections/changes/changeQueue.js'
import { postChange } from '../../collections/changes/postChange.js'
import { decodeCursor, encodeCursor } from '../../endpoints/changes/params/changeCursor.js'
import { serializeChange } from '../../endpoints/changes/serialize/serializeChange.js'

const at = '2027-03-01T18:02:11.500Z'
const record = (action: ChangeRecord['action'], publicBefore: boolean, publicAfter: boolean): ChangeRecord => ({ kind: 'event', doc: 42, action, publicBefore, publicAfter, changedAt: at })
const stored = (action: string, publicBefore: boolean, publicAfter: boolean) => ({ id: 1, kind: 'event', doc: 42, action, publicBefore, publicAfter, changedAt: at })

describe('the change cursor', () => {
  it('round-trips, and refuses anything it did not write', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.nat({ max: 2 ** 45 }), (after, issuedAt) => {
        expect(decodeCursor(encodeCursor({ after, issuedAt }))).toEqual({ after, issuedAt })
      }),
    )
    const good = encodeCursor({ after: 12, issuedAt: 1_795_836_000_000 })
    for (const bad of ['', 'x', good.slice(0, -1), good.slice(1), `${good}A`, Buffer.from('c1.12.1795836000000.00000000').toString('base64url'), 'a'.repeat(200), '../../etc/passwd']) {
      expect(decodeCursor(bad)).toBeNull()
    }
  })
})

describe('what each caller learns of a change', () => {
  it('editors: the stored action, even for what the public never saw', () => {
    expect(serializeChange(stored('updated', false, false), true)).toEqual({ kind: 'event', id: 42, action: 'updated', modified_utc: '2027-03-01 18:02:11' })
  })
  it.each([
    ['created', false, true, 'created'],
    ['updated', true, true, 'updated'],
    ['updated', false, true, 'created'],
    ['updated', true, false, 'hidden'],
    ['deleted', true, false, 'deleted'],
    ['created', false, false, null],
    ['updated', false, false, null],
    ['deleted', false, false, null],
  ] as const)('the public: %s (public before %s, after %s) reads %s', (action, before, after, expected) => {
    const answer = serializeChange(stored(action, before, after), false)
    expect(answer?.action ?? null).toBe(expected)
  })
})

describe('two changes to one document in one transaction', () => {
  it('are one change from the first state to the last', () => {
    expect(mergeChanges(record('created', false, false), record('updated', false, true))).toEqual(record('created', false, true))
    expect(mergeChanges(record('created', false, true), record('deleted', true, false))).toBeNull()
    expect(mergeChanges(record('updated', true, true), record('updated', true, false))).toEqual(record('updated', true, false))
    expect(mergeChanges(record('updated', true, true), record('deleted', true, false))).toEqual(record('deleted', true, false))
    expect(mergeChanges(record('deleted', true, false), record('created', false, true))).toEqual(record('updated', true, true))
  })
})

describe("a post's change", () => {
  const published = { status: 'publish' }
  it('reads trash as deleted, restore as created, a password or a draft as not public', () => {
    expect(postChange(undefined, published)).toEqual({ action: 'created', publicBefore: false, publicAfter: true })
    expect(postChange(published, { ...published, deletedAt: at })).toEqual({ action: 'deleted', publicBefore: true, publicAfter: false })
    expect(postChange({ ...published, deletedAt: at }, published)).toEqual({ action: 'created', publicBefore: false, publicAfter: true })
    expect(postChange(published, { ...published, hasPassword: true })).toEqual({ action: 'updated', publicBefore: true, publicAfter: false })
    expect(postChange(published, { status: 'private' })).toEqual({ action: 'updated', publicBefore: true, publicAfter: false })
    expect(postChange(published, undefined)).toEqual({ action: 'deleted', publicBefore: true, publicAfter: false })
  })
})
