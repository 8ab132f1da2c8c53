import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain core runs everywhere: in the renderer, the main process, workers and the CLI.
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'shared/ must not import Node built-ins.' },
            {
              regex: '^(electron|fs|path|os|child_process|worker_threads|url)$',
              message: 'shared/ must stay free of Electron and Node.',
            },
          ],
        },
      ],
    },
  },
)
