// `npm run screenshots`: runs the screenshot spec with its pictures going to docs/screenshots,
// where the README shows them.
import { spawnSync } from 'node:child_process'

const run = spawnSync('npx', ['playwright', 'test', '--project=e2e', 'e2e/screenshots.spec.ts'], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, SCREENSHOTS_DIR: 'docs/screenshots' },
})
process.exit(run.status ?? 1)
