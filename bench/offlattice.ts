import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exactRegionToJson } from '../shared/formats/exact-figure'
import { OffLatticeSearch } from '../shared/offlattice/search'
import { TANGRAM_PIECES, tangramFigures } from '../testing/offlattice-figures'
import { childPids } from '../testing/processes'
import { check, median, type Result } from './measure'

/**
 * Issue 25: 1,000 figures grown at random from the seven tans with pieces at 45°
 * (testing/offlattice-figures.ts, the first 1,000 seeds where all seven were laid), each counted
 * completely (every fixed tiling) by the exact search off the lattice: in one process (the
 * figures grown before the clock starts, the search's set-up timed with it), and through the
 * command line as a user runs it, `tile tangram` with the 1,000 figure files, `--count --raw
 * --json --jobs 2`, start-up included, with the peak memory of the CLI and of its workers.
 */
const CLI_RUNS = 3
/** Prints the process's peak memory (KiB) on stderr as it exits. */
const PEAK_RSS = `data:text/javascript,process.on('exit', () => process.stderr.write('\\npeak-rss ' + process.resourceUsage().maxRSS + '\\n'))`

export async function offLatticeBench(): Promise<Result[]> {
  const figures = tangramFigures(1000)
  const times: number[] = []
  const fixed: number[] = []
  for (const f of figures) {
    const t0 = performance.now()
    const r = new OffLatticeSearch(f.parts, TANGRAM_PIECES).run()
    times.push(performance.now() - t0)
    // The pieces as laid are a tiling: a count of none would be wrong.
    check('grown tangram figure', r.fixed > 0, true)
    fixed.push(r.fixed)
  }
  const inProcess: Result = {
    name: 'tangram: 1,000 random figures with pieces at 45°, every fixed tiling counted',
    target: 'median ≤ 10 ms per figure',
    medianMs: median(times),
    runs: times.length,
    detail: `one process, exact search off the lattice; total ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
  }
  return [inProcess, await throughCli(figures, fixed)]
}

async function throughCli(
  figures: ReturnType<typeof tangramFigures>,
  fixed: readonly number[],
): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'pw-bench-offlattice-'))
  try {
    const files = figures.map((f, i) => {
      const path = join(dir, `f${i}.json`)
      writeFileSync(
        path,
        JSON.stringify(exactRegionToJson({ name: `seed ${f.seed}`, parts: f.parts })),
      )
      return path
    })
    const args = ['--no-use-osr', '--import', PEAK_RSS, 'scripts/cli.mjs', 'tile', 'tangram']
    const flags = ['--count', '--raw', '--json', '--jobs', '2', '--no-progress']
    const times: number[] = []
    const cliPeaks: number[] = []
    const together: number[] = []
    const peaks: number[] = []
    for (let run = 0; run < CLI_RUNS; run++) {
      const r = await timedCli([...args, ...files, ...flags])
      const lines = r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { fixed: number })
      check(
        'cli tile: every figure counted as in one process',
        lines.map((l) => l.fixed),
        fixed,
      )
      times.push(r.ms)
      cliPeaks.push(Number(/peak-rss (\d+)/.exec(r.err)![1]) / 1024)
      together.push(r.togetherMiB)
      peaks.push(r.peaksMiB)
    }
    const most = (xs: number[]) => Math.max(...xs).toFixed(0)
    // The target is in MB (10^6 bytes); /proc counts KiB.
    const mb = (xs: number[]) => ((Math.max(...xs) * 1048576) / 1e6).toFixed(0)
    return {
      name: 'tangram: the same 1,000 figures through the CLI (tile, 1,000 files, --jobs 2), every fixed tiling counted',
      target: '≤ 30 s on 2 cores, start-up included; ≤ 300 MB',
      medianMs: median(times),
      runs: times.length,
      detail: `memory of the cli and its 2 workers together at most ${most(together)} MiB = ${mb(together)} MB (read every 50 ms; the sum of each process's own peak ${most(peaks)} MiB, the cli's ${most(cliPeaks)} MiB; largest of the runs)`,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Runs the CLI, reading from /proc every 50 ms while they live the memory (VmRSS) of the CLI
 * and of its workers together, and each one's peak (VmHWM).
 */
function timedCli(
  args: readonly string[],
): Promise<{ ms: number; out: string; err: string; togetherMiB: number; peaksMiB: number }> {
  const t0 = performance.now()
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  const peaks = new Map<number, number>()
  let together = 0
  const poll = setInterval(() => {
    let now = 0
    for (const pid of [child.pid!, ...childPids(child.pid!)]) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8')
        const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1])
        now += kib('VmRSS')
        peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kib('VmHWM')))
      } catch {
        // It ended between the listing and the read.
      }
    }
    together = Math.max(together, now)
  }, 50)
  return new Promise((resolve, reject) =>
    child.on('close', (code) => {
      clearInterval(poll)
      const ms = performance.now() - t0
      if (code !== 0) reject(new Error(`cli tile: exit ${code}: ${err}`))
      const peaksMiB = [...peaks.values()].reduce((a, b) => a + b, 0) / 1024
      resolve({ ms, out, err, togetherMiB: together / 1024, peaksMiB })
    }),
  )
}
