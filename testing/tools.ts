import { spawnSync } from 'node:child_process'
import type { TestContext } from 'vitest'

/** The Debian package of each tool the tests run; CI installs them all (.ci/run). */
const PACKAGES: Readonly<Record<string, string>> = {
  pdftotext: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  pdfimages: 'poppler-utils',
  pdffonts: 'poppler-utils',
  hp2xx: 'hp2xx',
  'redis-server': 'redis-server',
}

/** Whether `tool` is on the PATH. */
export const installed = (tool: string): boolean => spawnSync('which', [tool]).status === 0

const absent = (tools: readonly string[]) => tools.filter((t) => !installed(t))
const onCI = () => process.env.CI === 'true'

/**
 * Why tests that run `tools` cannot run here (which are missing, and what to install), or
 * undefined: they run. Always undefined under CI=true, which installs every tool: there the tests
 * run and a missing tool fails them instead of skipping them unseen.
 */
export function missingTools(...tools: string[]): string | undefined {
  const missing = absent(tools)
  if (missing.length === 0 || onCI()) return undefined
  const packages = [...new Set(missing.map((t) => PACKAGES[t] ?? t))].join(' ')
  return `${missing.join(' and ')} not installed (apt-get install ${packages})`
}

/**
 * The first line of a test that runs `tools`: where one is missing it skips the test, the report
 * naming it; under CI=true it fails the test instead, in one line naming the tool.
 */
export function needTools(context: Pick<TestContext, 'skip'>, ...tools: string[]): void {
  const missing = absent(tools)
  if (missing.length === 0) return
  if (onCI())
    throw new Error(`${missing.join(' and ')} not installed, which CI must install (.ci/run)`)
  context.skip(missingTools(...tools))
}
