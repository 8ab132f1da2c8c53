import { bitCount, type Candidate, type Candidates } from './candidates'

/**
 * The explorer's work as independent tasks: one per way of writing the area as a sum of the
 * pieces' areas (16 = 4 + 3 + 3 + 2 + 2 + 1 + 1), holding every multiset of candidates of those
 * areas. A task is searched level by level (`setsAtLevel`): the sets whose pieces all fit in
 * exactly `level` outlines, which is at most what such a set can make. Tasks share nothing but
 * the candidates, so they can run in any order, in any process.
 */
export interface DesignTask {
  /** The pieces' areas, largest first. */
  readonly areas: readonly number[]
  /** How many sets the task holds, exactly. */
  readonly sets: bigint
}

/** The tasks of `pieces` pieces of total `area`, the largest first; none holds no set. */
export function designTasks(c: Candidates, area: number, pieces: number): DesignTask[] {
  const tasks: DesignTask[] = []
  const areas: number[] = []
  const split = (left: number, k: number, most: number) => {
    if (k === 0) {
      if (left === 0) {
        const sets = multisetsOf(c, areas)
        if (sets > 0n) tasks.push({ areas: [...areas], sets })
      }
      return
    }
    for (let a = Math.min(most, left - (k - 1)); a * k >= left; a--) {
      areas.push(a)
      split(left - a, k - 1, a)
      areas.pop()
    }
  }
  split(area, pieces, c.byArea.length - 1)
  return tasks.sort((x, y) => (x.sets === y.sets ? 0 : x.sets > y.sets ? -1 : 1))
}

/** The multisets of candidates with these areas: for each area, m pieces of n kinds. */
function multisetsOf(c: Candidates, areas: readonly number[]): bigint {
  let sets = 1n
  for (let i = 0; i < areas.length;) {
    let m = 0
    while (areas[i + m] === areas[i]) m++
    sets *= choose(BigInt(c.byArea[areas[i]].length + m - 1), BigInt(m))
    i += m
  }
  return sets
}

function choose(n: bigint, k: bigint): bigint {
  if (k < 0n || k > n) return 0n
  let r = 1n
  for (let i = 1n; i <= k; i++) r = (r * (n - k + i)) / i
  return r
}

/** A set to search: its pieces in candidate order (copies repeated) and the outlines all fit in. */
export interface CandidateSet {
  readonly pieces: readonly Candidate[]
  readonly fits: bigint
}

/**
 * The sets of a task whose pieces all fit in exactly `level` outlines, in a fixed order;
 * undefined now and then, a pause. A branch ends as soon as its pieces share fewer outlines, so
 * only the sets that reach the level are ever built.
 */
export function* setsAtLevel(
  c: Candidates,
  task: DesignTask,
  level: number,
): Generator<CandidateSet | undefined, void> {
  const K = task.areas.length
  const lists = task.areas.map((a) => c.byArea[a].filter((p) => p.fitCount >= level))
  // Position j holds the index chosen in its list, the piece, and the outlines that all pieces
  // before it fit in; each position tries its list in order.
  const chosen: number[] = [-1]
  const picked: Candidate[] = []
  const masks: bigint[] = [(1n << BigInt(c.outlines.length)) - 1n]
  let nodes = 0
  let j = 0
  for (;;) {
    if (++nodes % 4096 === 0) yield undefined
    const list = lists[j]
    let i = chosen[j] + 1
    let mask = 0n
    while (i < list.length) {
      mask = masks[j] & list[i].fits
      if (bitCount(mask) >= level) break
      i++
    }
    if (i >= list.length) {
      // This position is exhausted: back to the one before.
      if (j === 0) return
      j--
      continue
    }
    chosen[j] = i
    picked[j] = list[i]
    if (j === K - 1) {
      if (bitCount(mask) === level) yield { pieces: [...picked], fits: mask }
      continue
    }
    masks[j + 1] = mask
    j++
    // A copy of the same area may repeat this piece, never an earlier one: each multiset once.
    chosen[j] = task.areas[j] === task.areas[j - 1] ? i - 1 : -1
  }
}
