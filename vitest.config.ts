import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['testing/build-main.ts'],
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'electron/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'testing/**/*.test.ts',
          ],
        },
      },
      {
        // The renderer's Pinia stores against a fake host (testing/renderer-setup.ts), in a DOM.
        extends: true,
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['testing/renderer-setup.ts'],
        },
      },
    ],
  },
})
