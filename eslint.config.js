import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'

// What shared/ may not import: every Node built-in (fs, crypto, events, fs/promises…, with or
// without node:), Electron, and the app's other folders (relative paths climbing out of shared/;
// shared/ has no folder of either name, so any such segment leaves it). Built-in names are plain
// words and slashes.
const SHARED_BANS = [
  {
    regex: `^(node:.*|(${builtinModules.join('|')})(/.*)?)$`,
    message: 'shared/ must not import Node built-ins.',
  },
  { regex: '^electron(/.*)?$', message: 'shared/ must not import Electron.' },
  {
    regex: '^(\\./)?(\\.\\./)+(.*/)?(electron|renderer)(/|$)',
    message: 'shared/ must not import from electron/ or renderer/.',
  },
]

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/essential'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser }, globals: globals.browser },
  },
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain core runs everywhere: in the renderer, the main process, workers and the CLI. Its
    // tests may use Node.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: SHARED_BANS }],
      // import('…') escapes the rule above; the core loads nothing at run time.
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'shared/ imports statically, not with import().' },
      ],
    },
  },
)
