import { defineConfig } from 'vitest/config'

/**
 * Test files that time the machine (how long the host's thread is held, how soon a killed process
 * is noticed, an event loop's longest delay): the project `timed`, run after the rest. Every other
 * file runs two at a time; `npm test` runs the timed ones on their own, one at a time
 * (`--maxWorkers 1`: vitest sizes its one pool for the whole run, not per project), so that no
 * other test file shares the two cores with their clocks.
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
  'electron/worker/parent-death.test.ts',
]

export default defineConfig({
  test: {
    globalSetup: ['testing/build-main.ts'],
    testTimeout: 60_000,
    maxWorkers: 2,
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
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed',
          include: TIMED,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
