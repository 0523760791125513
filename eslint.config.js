// `npm run lint`: ESLint's and typescript-eslint's recommended rules over the sources and the tests.
// Rules are turned off below only where they fight a deliberate pattern of this codebase.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** For files matching `files`: no import from the folders of the layers above (`above`), types of payload-types.ts aside. */
function layerRule(files, above) {
  const upward = `^(\\.\\./)+(${above.join('|')})/`
  const layer = files.split('/')[0]
  return {
    files: [files],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: above.includes('src') ? [{ name: '@payload-config', message: 'The Payload config belongs to src/; receive what it holds as options.' }] : [],
          patterns: [
            { regex: upward, message: `${layer}/ imports only from its own layer and those below it (lib/ ← collections/ ← endpoints/ ← src/): move what both need down to lib/, or receive it as an argument.` },
            { regex: '^(\\.\\./)+src/payload-types(\\.js)?$', allowTypeImports: true },
          ],
        },
      ],
    },
  }
}

export default tseslint.config(
  {
    // Generated (Next's import map, Payload's migrations), built or local data.
    ignores: ['node_modules/', '.next/', 'data/', 'migrations/', 'src/app/(payload)/admin/importMap.js', 'next-env.d.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused: destructuring that drops a key, a handler's fixed signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // The plugin's code gets its settings as the plugin's resolved options (lib/options.ts), never from
    // the environment, so it works in any host app and importing it reads nothing.
    files: ['lib/**', 'collections/**', 'endpoints/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)src/env(\\.js)?$', message: 'Take the setting from the resolved plugin options (ctx.options, or the options a collection factory receives).' }] }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Only src/env.ts reads the environment; take the setting from the resolved plugin options.' }],
    },
  },
  // Imports run one way: lib/ ← collections/ ← endpoints/ ← src/ (docs/architecture.md): a folder
  // imports from its own layer and those below it. Payload's generated types (src/payload-types.ts,
  // where `npm run generate:types` writes them) may be imported by any layer, as types only.
  layerRule('lib/**', ['collections', 'endpoints', 'src']),
  layerRule('collections/**', ['endpoints', 'src']),
  layerRule('endpoints/**', ['src']),
  {
    // The few plain-JavaScript files are Node configuration (jest, global set-up); TypeScript checks the rest.
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', URL: 'readonly' } },
  },
  {
    // Tests read HTTP answers' JSON bodies, whose shape is exactly what they assert.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
