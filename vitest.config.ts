import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'electron/**/*.test.ts',
      'bench/**/*.test.ts',
      'testing/**/*.test.ts',
    ],
    testTimeout: 60_000,
  },
})
