import { spawn } from 'node:child_process'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

/** What `npm run web` runs (minus npm, whose own notices are not ours). */
const WEB = ['--no-use-osr', 'scripts/web.mjs']

test('npm run web reuses the build of unchanged sources and prints its address alone', async ({
  page,
}) => {
  // `npm run e2e` has just brought the build up to date.
  const built = statSync('out/renderer/index.html').mtimeMs
  const data = mkdtempSync(join(tmpdir(), 'pw-web-start-'))
  const host = spawn(process.execPath, [...WEB, '--no-open', '--data', data, '--dir', data], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  host.stderr.on('data', (d) => (err += d))
  const url = await new Promise<string>((resolve, reject) => {
    host.stdout.on('data', (d) => {
      out += d
      const m = /Puzzle Workbench is at (\S+)\n/.exec(out)
      if (m) resolve(m[1])
    })
    host.on('exit', (code) => reject(new Error(`the host exited (${code}): ${out}${err}`)))
  })
  try {
    expect(out).toBe(`Puzzle Workbench is at ${url}\n`)
    expect(err).toBe('')
    expect(statSync('out/renderer/index.html').mtimeMs).toBe(built)
    await page.goto(url)
    await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  } finally {
    host.kill('SIGTERM')
  }
})
