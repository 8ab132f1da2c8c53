import { spawn, spawnSync } from 'node:child_process'
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// A copy of the project with its own out/, so that building, editing and breaking it cannot
// disturb the tests that run the CLI from this project's build meanwhile.
const project = mkdtempSync(join(tmpdir(), 'pw-build-'))
const INPUTS = [
  'electron',
  'shared',
  'resources',
  'scripts',
  'tsconfig.json',
  'electron.vite.config.ts',
]
for (const p of [...INPUTS, 'package.json', 'package-lock.json'])
  cpSync(p, join(project, p), { recursive: true })
symlinkSync(resolve('node_modules'), join(project, 'node_modules'))

/** `npm run -s cli -- …` in the copy (not on a terminal). */
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { cwd: project, encoding: 'utf8' })
const builtAt = () => statSync(join(project, 'out/main/cli.js'), { throwIfNoEntry: false })?.mtimeMs
const MAIN = join(project, 'electron/cli/main.ts')
const LOCK = join(project, 'out/.build-lock')
/** Edits the copy's sources: a new description of the sets command, which --help shows. */
const describeSetsAs = (text: string) =>
  writeFileSync(
    MAIN,
    readFileSync(MAIN, 'utf8').replace(
      /(\.command\('sets'\)\s*\.description\()'[^']*'/,
      `$1'${text}'`,
    ),
  )

describe('the build the CLI runs from', { timeout: 240_000 }, () => {
  it('is made on the first run, saying so on stderr only, and reused while the sources are unchanged', () => {
    const first = cli('outlines', '--area', '5', '--json')
    expect(first.stderr).toMatch(/^building main: the sources changed…\nbuilt in [\d.]+ s\n$/)
    expect(JSON.parse(first.stdout).outlines).toHaveLength(3)
    const built = builtAt()
    const again = cli('outlines', '--area', '5', '--json')
    expect([again.stdout, again.stderr]).toEqual([first.stdout, ''])
    expect(builtAt()).toBe(built)
    // A test is no input of the build.
    appendFileSync(join(project, 'electron/cli/cli.test.ts'), '\n')
    expect(cli('outlines', '--area', '5').status).toBe(0)
    expect(builtAt()).toBe(built)
  })

  it('is made again when a source changes, and runs the change', () => {
    expect(cli('--help').status).toBe(0)
    const built = builtAt()
    describeSetsAs('the sets, edited')
    expect(cli('--help').stdout).toContain('the sets, edited')
    expect(builtAt()).toBeGreaterThan(built!)
  })

  it('that fails names the file and line, and the next run builds again', () => {
    const text = readFileSync(MAIN, 'utf8')
    writeFileSync(MAIN, `${text}\nconst broken = (\n`)
    const r = cli('sets')
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^error: the build failed: .*\n.*electron\/cli\/main\.ts:\d+:\d+/m)
    writeFileSync(MAIN, text)
    describeSetsAs('the sets, mended')
    expect(cli('--help').stdout).toContain('the sets, mended')
  })

  it('waits while another process builds, then runs the build it made', async () => {
    describeSetsAs('the sets, built by another')
    // This process holds the lock, as a build started a moment earlier would.
    mkdirSync(dirname(LOCK), { recursive: true })
    writeFileSync(LOCK, String(process.pid))
    const built = builtAt()
    const child = spawn(process.execPath, ['scripts/cli.mjs', '--help'], { cwd: project })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    const exited = new Promise((done) => child.on('close', done))
    // Longer than a build takes here: without the lock it would be done by now.
    await new Promise((r) => setTimeout(r, 10_000))
    expect([child.exitCode, builtAt()]).toEqual([null, built])
    rmSync(LOCK)
    expect(await exited).toBe(0)
    expect(out).toContain('the sets, built by another')
  })

  it('takes over the lock of a build that was killed', () => {
    describeSetsAs('the sets, after a killed build')
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout
    mkdirSync(dirname(LOCK), { recursive: true })
    writeFileSync(LOCK, dead)
    const r = spawnSync(process.execPath, ['scripts/cli.mjs', '--help'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(r.stdout).toContain('the sets, after a killed build')
  })
})
