/**
 * Benchmarks for Tait's problem (issue 7): Table 1 of the paper (n = 4 … 10, one pair of empty
 * cells) in total, n = 12, and larger n for comparison; the plain rules (bounds only) and the
 * paper's own program for comparison too. Medians after a warm-up run, in this one thread; every
 * count is checked on every run, so a fast wrong answer cannot pass. Memory: the rows of the
 * largest layer and the bytes of its tables, the memo of counted phases, and the process's peak
 * resident size so far.
 */
import { TABLE_1, SUPPLEMENT } from '../shared/tait/tables'
import { countTait, type CountOptions, type TaitCount } from '../shared/tait/count'
import { paperCount } from '../shared/tait/paper'
import { check, median, type Result } from './measure'

/**
 * Counts past the paper, from this workbench: the one-pair rules and the plain ones agree on
 * them (n ≤ 12 in count.test.ts, n = 14 once by hand; docs/TAIT.md).
 */
const KNOWN: Record<number, bigint> = {
  12: 2_592n,
  14: 38_880n,
  16: 1_658_880n,
  18: 46_448_640n,
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`
const peakRss = () => mib(process.resourceUsage().maxRSS * 1024)

function memory(counts: TaitCount[]): string {
  const rows = Math.max(...counts.flatMap((c) => c.stats.layers))
  const bytes = Math.max(...counts.map((c) => c.stats.peakBytes))
  const memo = Math.max(...counts.map((c) => c.stats.memo))
  return `largest layer ${rows.toLocaleString('en')} rows (${mib(bytes)} of tables), ${memo.toLocaleString('en')} phase counts remembered; process peak ${peakRss()}`
}

function countBench(
  name: string,
  target: string,
  ns: number[],
  want: (n: number) => bigint,
  runs: number,
  options: CountOptions = {},
): Result {
  const once = () => {
    const counts = ns.map((n) => countTait({ n }, options))
    for (const c of counts) check(`tait n = ${c.n}`, String(c.sequences), String(want(c.n)))
    return counts
  }
  once()
  const times: number[] = []
  let counts: TaitCount[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    counts = once()
    times.push(performance.now() - t0)
  }
  const method = counts[0].method === 'one-pair' ? 'one-pair rules' : 'plain rules'
  return { name, target, medianMs: median(times), runs, detail: `${method}; ${memory(counts)}` }
}

function supplementBench(runs: number): Result {
  const once = () => {
    for (const [n, published] of SUPPLEMENT)
      check(
        `paper's program, two pairs, n = ${n}`,
        String(paperCount(n, 4).sequences),
        String(published),
      )
  }
  once()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    once()
    times.push(performance.now() - t0)
  }
  return {
    name: "tait: the paper's program with two pairs, n = 3 … 10 (the supplementary table)",
    target: '(for comparison)',
    medianMs: median(times),
    runs,
    detail: `its bound (2) prunes by layers; process peak ${peakRss()}`,
  }
}

export function taitBench(): Result[] {
  const table1 = (n: number) => BigInt(TABLE_1.get(n)!)
  const known = (n: number) => KNOWN[n]
  return [
    countBench('tait: Table 1, n = 4 … 10 in total', '≤ 1 s', [...TABLE_1.keys()], table1, 15),
    countBench('tait: n = 12, 2,592 sequences', '≤ 30 s', [12], known, 9),
    countBench('tait: n = 14, 38,880 sequences', '(for comparison)', [14], known, 5),
    countBench('tait: n = 16, 1,658,880 sequences', '(for comparison)', [16], known, 3),
    countBench('tait: n = 18, 46,448,640 sequences', '(for comparison)', [18], known, 3),
    countBench(
      'tait: n = 12 by the plain rules (bounds only)',
      '(for comparison)',
      [12],
      known,
      3,
      {
        method: 'plain',
      },
    ),
    supplementBench(5),
  ]
}
