import { defineConfig } from 'vitest/config'

/**
 * Test files that time the machine (how long the host's thread is held, how soon a killed process
 * is noticed, an event loop's longest delay): they run after the rest, one at a time, so that no
 * other test file shares the two cores with their clocks. Every other file runs two at a time.
 */
const TIMED = [
  'electron/services/host-held.test.ts',
  'electron/services/host-load.test.ts',
  'electron/services/run/run-api.test.ts',
  'electron/services/farm/queue.test.ts',
  'electron/services/farm/queue-sizing.test.ts',
  'electron/services/compare-api.test.ts',
  'electron/services/workbench.test.ts',
  'electron/web/autosave-quota.test.ts',
  'electron/cli/design.test.ts',
  'electron/cli/processes.test.ts',
]

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
          exclude: TIMED,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
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
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
