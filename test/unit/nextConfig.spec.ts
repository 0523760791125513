import { describe, expect, it } from '@jest/globals'
import * as sass from 'sass'

// The admin build compiles without warnings. Sass warns once per stylesheet ("Future import
// deprecation is not yet active, so silencing it is unnecessary") for each deprecation it is told to
// silence that it does not have active, and Payload hides that text from the console, so the build
// only said "Compiled with warnings". Every deprecation next.config.mjs silences must be an active one.

describe('next.config.mjs', () => {
  it('silences only deprecations the installed Sass has active', async () => {
    const config = (await import('../../next.config.mjs')).default as { sassOptions?: { silenceDeprecations?: string[] } }
    expect(config.sassOptions).toBeDefined()
    const silenced = config.sassOptions?.silenceDeprecations ?? []
    const deprecations = sass.deprecations as unknown as Record<string, { status: string }>
    expect(Object.keys(deprecations).length).toBeGreaterThan(0)
    for (const id of silenced) expect({ id, status: deprecations[id]?.status }).toEqual({ id, status: 'active' })
    // Payload asks for 'import'; it stays only where Sass has that deprecation.
    expect(silenced.includes('import')).toBe(deprecations.import?.status === 'active')
  })
})
