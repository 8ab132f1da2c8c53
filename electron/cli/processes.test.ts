import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { childPids, processRunning } from '../../testing/processes'
import { CLI } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-cli-processes-'))
const cmdline = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
/** The farm workers a CLI process started, once both run. */
async function queensWorkers(cli: number): Promise<number[]> {
  const workers = () => childPids(cli).filter((p) => cmdline(p).join(' ').includes('farm-worker'))
  await expect.poll(() => workers().length, { timeout: 30_000 }).toBe(2)
  return workers()
}

/**
 * Runs the CLI with its output piped into `reader`; resolves to its own exit code and stderr.
 * Asynchronous: a command of half a minute (reproduce) must not hold vitest's thread, whose
 * calls to the runner time out after 60 s on a loaded machine.
 */
function pipedInto(reader: string, args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(
    'bash',
    [
      '-c',
      `"$@" | ${reader} > /dev/null; exit "\${PIPESTATUS[0]}"`,
      'bash',
      process.execPath,
      ...CLI,
      ...args,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 },
  )
  let err = ''
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, err })))
}

/** Polls until no process of `pids` runs, for at most `ms`. */
async function ended(pids: number[], ms: number): Promise<number[]> {
  const t0 = Date.now()
  while (pids.some(processRunning) && Date.now() - t0 < ms)
    await new Promise((r) => setTimeout(r, 100))
  return pids.filter(processRunning)
}

describe('the CLI process', () => {
  it('runs from the build, and starts its workers from the build (named the kind of the run), never through tsx', async () => {
    const child = spawn(process.execPath, [...CLI, 'queens', 'count', '19', '--jobs', '2'], {
      stdio: 'ignore',
    })
    const [own, ...workers] = [child.pid!, ...(await queensWorkers(child.pid!))].map(cmdline)
    child.kill('SIGINT')
    await new Promise((r) => child.on('exit', r))
    for (const args of [own, ...workers]) expect(args.join(' ')).not.toMatch(/tsx/)
    // Each told the kind of its run, whose code it loads at once.
    for (const args of workers) {
      expect(args.at(-2)).toMatch(/\/out\/main\/farm-worker\.js$/)
      expect(args.at(-1)).toBe('queens')
    }
  })

  // Each command with output: some of it larger than a pipe holds, so that the reader is gone
  // before the last write.
  const t = mkdtempSync(join(tmpdir(), 'pw-cli-pipe-'))
  it.each([
    ['outlines', '--area', '16'],
    ['convex', 'tangram', '--list', '--json'],
    ['tile', 'pentominoes', 'rectangle-3x20', '--all'],
    ['export', 'tangram', '-o', '-', '--format', 'svg', '--jobs', '2'],
    ['triangle', 'shared/edgematch/triangle/examples/puzzle0.txt', '--all'],
    ['generate', 'cards', '-o', join(t, 'g.json')],
    ['cards', 'hib-smiley', '--all'],
    ['queens', 'count', '12'],
    ['queens', 'game', '8'],
    ['queens', 'list', '10'],
    ['queens', 'partials', '13'],
    ['tait', '7', '--list'],
    ['reproduce'],
    ['sets'],
    ['--help'],
  ])(
    '%s … | head -c 1 ends quietly',
    async (...args) => {
      const r = await pipedInto('head -c 1', args)
      expect(r.err).toBe('')
      expect([0, 141]).toContain(r.code)
    },
    150_000,
  )

  it.each([
    ['queens', 'count', '12', '--json'],
    ['convex', 'tangram'],
    ['tait', '12'],
  ])('%s … | true: a reader gone before the output ends it quietly, exit 141', async (...args) => {
    expect(await pipedInto('true', args)).toEqual({ code: 141, err: '' })
  })

  /**
   * `queens count 19` (with `more` arguments) started by a shell that is then killed, its output
   * going to the shell's (a pipe to this process) or where `redirect` says.
   */
  async function orphaned(redirect = '', ...more: string[]) {
    const shell = spawn(
      'sh',
      [
        '-c',
        `"$@" ${redirect} & echo $!; wait`,
        'sh',
        process.execPath,
        ...CLI,
        'queens',
        'count',
        '19',
        '--jobs',
        '2',
        ...more,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    )
    const pid = Number(
      await new Promise<string>((r) => shell.stdout.once('data', (d) => r(`${d}`))),
    )
    const workers = await queensWorkers(pid)
    onTestFinished(() => {
      for (const p of [pid, ...workers].filter(processRunning)) process.kill(p, 'SIGKILL')
    })
    shell.kill('SIGKILL')
    return { pid, workers }
  }

  it('ends with its workers when its parent is killed', async () => {
    const { pid, workers } = await orphaned()
    expect(await ended([pid, ...workers], 20_000)).toEqual([])
  })

  it('counts on when its parent is gone but its output goes to a file (nohup … > file)', async () => {
    const checkpoint = join(tmp, 'counts-on.json')
    const { pid, workers } = await orphaned(`> ${join(tmp, 'out.txt')}`, '--checkpoint', checkpoint)
    const gone = Date.now()
    // The parent is looked for twice a second: a checkpoint written (at most once a second, as
    // tasks end) a second after it died shows the count went on past those looks.
    const written = () => (existsSync(checkpoint) ? statSync(checkpoint).mtimeMs : 0)
    await expect.poll(written, { timeout: 60_000 }).toBeGreaterThan(gone + 1000)
    expect([pid, ...workers].filter(processRunning)).toEqual([pid, ...workers])
    process.kill(pid, 'SIGTERM')
    expect(await ended([pid, ...workers], 20_000)).toEqual([])
  })

  it('says so in one line when its output cannot be written', () => {
    const r = spawnSync('sh', ['-c', '"$@" > /dev/full', 'sh', process.execPath, ...CLI, 'sets'], {
      encoding: 'utf8',
    })
    expect([r.status, r.stderr]).toEqual([1, 'error: cannot write the output (the disk is full)\n'])
  })
})
