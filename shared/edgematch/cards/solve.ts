/**
 * The card solver. Cells are filled in scan order (row by row from the north-west corner), so a
 * cell's west and north neighbours are always down and no others are; one table lookup (plan.ts)
 * gives the entries that fit, and the only test left per placement is whether a card of the
 * entry's type is still unused.
 *
 * Counting conventions:
 *  - fixed: boards on the fixed board. Cards are told apart by their number; turns of a card that
 *    look the same (a card equal to itself after a half turn) are one way to lay it.
 *  - upToRotation: classes of those boards under turning the whole board (4 turns on a square
 *    board, 2 on any other rectangle). Each class counts once, whatever its size: a board that
 *    looks the same after a half turn is one class holding 2 fixed boards.
 *  - identicalAsOne: cards equal up to turning (symmetry.ts) are not told apart, so boards that
 *    differ only by swapping them are one board. The search then runs over card types with a
 *    count each and meets each such board once; both counts are taken on these boards the same
 *    way, per board, with no global factor assumed.
 *
 * How classes are counted:
 *  - Cards told apart, two or more cells: a turned board puts some card on another cell, so no
 *    board is its own turned copy and every class has exactly |G| boards. The search keeps only
 *    boards where one card, the marker, lies in a chosen state (cell, turn): the least state of its
 *    orbit under G. A class then turns up |Stab(x)| times, x being the marker's state there: once,
 *    unless the marker lies in the middle cell looking alike after a turn, and then only the least
 *    of those boards counts. The marker is the first card that fits the north-west corner, so with
 *    a frame the corner card is settled at once: the search shrinks to a quarter on a square
 *    board, to a half on others. Each class kept stands for |G| fixed boards, all emitted if asked.
 *  - Identical cards as one, and 1 × 1 boards: a board can be its own turned copy. These searches
 *    meet every board and count classes by Burnside, Σ_s |Stab(s)| / |G|, testing each board's
 *    stabilizer directly.
 */
import { planCards, type Plan } from './plan'
import { distinctTurns, type CardBoard, type CardPuzzle, type Placement } from './puzzle'
import { boardRotations, type BoardRotation } from './symmetry'

export interface SolveOptions {
  /** Identical cards are not told apart (see the conventions above). */
  readonly identicalAsOne?: boolean
  /** Stop as soon as this many solutions up to rotation are certain. */
  readonly limit?: number
  /** Called with every board on the fixed board; returning true stops the search. */
  readonly onSolution?: (board: CardBoard, info: SolutionInfo) => boolean | void
}

export interface SolutionInfo {
  /** Whether the board is the least of its class (cell by cell): exactly one per class is. */
  readonly canonical: boolean
  /** Boards on the fixed board in its class: the number of board turns / its stabilizer. */
  readonly classSize: number
}

export interface CardCounts {
  readonly fixed: number
  readonly upToRotation: number
}

export interface CardStats {
  /** (card, turn) pairs tried at a cell. */
  readonly placements: number
  /** Cards laid down: the search tree's nodes, a measure of difficulty. */
  readonly nodes: number
}

export interface CardResult {
  /** Lower bounds when the search stopped early (upToRotation: the classes certain so far). */
  readonly counts: CardCounts
  readonly complete: boolean
  readonly stats: CardStats
}

/** The marker card (see above): its entries and the states it may take. */
interface Marker {
  readonly type: number
  readonly first: number
  readonly ways: number
  /** cell · 4 + turns → 1 if the state is the least of its orbit. */
  readonly allowed: Uint8Array
  /** One past the last cell the marker may take: reaching it without the marker is a dead end. */
  readonly deadline: number
}

function chooseMarker(p: Plan, rotations: readonly BoardRotation[]): Marker | undefined {
  const corner = p.cellBase[0] + (p.K - 1) * p.K + (p.K - 1)
  if (p.start[corner] === p.start[corner + 1]) return undefined // nothing fits: no solution
  const type = p.entryType[p.list[p.start[corner]]]
  const first = p.firstEntry[type]
  const ways =
    type + 1 < p.types.length ? p.firstEntry[type + 1] - first : p.entryType.length - first
  const allowed = new Uint8Array(p.n * 4)
  let deadline = 0
  for (let cell = 0; cell < p.n; cell++) {
    for (let t = 0; t < ways; t++) {
      if (!p.fits(first + t, cell)) continue
      const x = cell * 4 + t
      if (rotations.every((g) => g.image[cell] * 4 + ((t + g.turns) % ways) >= x)) {
        allowed[x] = 1
        deadline = cell + 1
      }
    }
  }
  return { type, first, ways, allowed, deadline }
}

/** Solves a card puzzle: every board (or until stopped), counted in both conventions. */
export function solveCards(puzzle: CardPuzzle, options: SolveOptions = {}): CardResult {
  const identicalAsOne = options.identicalAsOne ?? false
  const p = planCards(puzzle, identicalAsOne)
  const { n, entryType, turned } = p
  const rotations = boardRotations(puzzle.rows, puzzle.cols)
  const G = rotations.length
  const board = new Int32Array(n)
  const marker = !identicalAsOne && n >= 2 ? chooseMarker(p, rotations) : undefined
  const want = options.limit ?? Infinity
  const onSolution = options.onSolution
  const images = rotations.map(() => new Int32Array(n))
  let fixed = 0
  let classes = 0
  let stabilizers = 0

  const turnBoard = (g: BoardRotation, into: Int32Array) => {
    for (let cell = 0; cell < n; cell++) into[g.image[cell]] = turned[board[cell] * 4 + g.turns]
    return into
  }
  const compare = (a: Int32Array, b: Int32Array) => {
    for (let cell = 0; cell < n; cell++) if (a[cell] !== b[cell]) return a[cell] - b[cell]
    return 0
  }
  const emit = (b: Int32Array, canonical: boolean, classSize: number) =>
    onSolution!(placementsOf(p, puzzle, b), { canonical, classSize }) === true

  // Cards told apart: the board stands for its class of |G| distinct boards.
  const solvedWithMarker = (): boolean => {
    let cell = 0
    while (entryType[board[cell]] !== marker!.type) cell++
    const o = board[cell]
    for (const g of rotations) {
      // The marker's state is fixed by g only in the middle cell; keep the least such board.
      if (g.turns !== 0 && g.image[cell] === cell && turned[o * 4 + g.turns] === o)
        if (compare(board, turnBoard(g, images[0])) > 0) return false
    }
    classes++
    fixed += G
    if (onSolution) {
      const copies = rotations.map((g, k) => turnBoard(g, images[k]))
      const least = copies.reduce((a, b) => (compare(b, a) < 0 ? b : a))
      for (const copy of copies) if (emit(copy, copy === least, G)) return true
    }
    return classes >= want
  }
  // Identical cards as one, or one cell: Burnside, with the board's stabilizer tested.
  const solvedByBurnside = (): boolean => {
    fixed++
    let stabilizer = 0
    let canonical = true
    for (const g of rotations) {
      const c = compare(board, turnBoard(g, images[0]))
      if (c === 0) stabilizer++
      else if (c > 0) canonical = false
    }
    stabilizers += stabilizer
    if (onSolution && emit(board, canonical, G / stabilizer)) return true
    return stabilizers > (want - 1) * G
  }

  const run = search(p, marker, board, marker ? solvedWithMarker : solvedByBurnside)
  return {
    counts: { fixed, upToRotation: marker ? classes : Math.ceil(stabilizers / G) },
    complete: run.complete,
    stats: { placements: run.placements, nodes: run.nodes },
  }
}

/**
 * The search proper: depth-first over the cells in scan order, one loop with an explicit stack
 * and every hot value in a local. `solved` is called on each full board and returns true to stop.
 */
function search(
  p: Plan,
  marker: Marker | undefined,
  board: Int32Array,
  solved: () => boolean,
): CardStats & { complete: boolean } {
  const { n, eastKey, southKey, start, list, listType, K, cellBase, westOf, northOf } = p
  const left = Int32Array.from(p.types, (t) => t.cards.length)
  // Without a marker these never match: ways 0 admits no entry, deadline −1 no cell.
  const mType = marker?.type ?? 0
  const mFirst = marker?.first ?? 0
  const mWays = marker?.ways ?? 0
  const mAllowed = marker?.allowed ?? new Uint8Array(0)
  const mDeadline = marker?.deadline ?? -1
  // need[2·pos], need[2·pos + 1]: what the card at board position pos needs east and south of it;
  // position n is the border.
  const need = new Int32Array(2 * n + 2).fill(K - 1)
  // Per cell: its table base and where in `need` its west and north neighbours' needs are.
  const at = new Int32Array(3 * n)
  for (let c = 0; c < n; c++) {
    at[3 * c] = cellBase[c]
    at[3 * c + 1] = 2 * westOf[c]
    at[3 * c + 2] = 2 * northOf[c] + 1
  }
  // Per cell on the stack: the list position to try next, the end of its list, the type laid.
  const stack = new Int32Array(3 * n)
  let placements = 0
  let nodes = 0
  let cell = 0
  let t = at[0] + need[at[1]] * K + need[at[2]]
  let i = start[t]
  let end = start[t + 1]
  placements += end - i
  for (;;) {
    if (i < end) {
      const type = listType[i]
      const o = list[i++]
      if (left[type] === 0) continue
      if ((o - mFirst) >>> 0 < mWays && mAllowed[cell * 4 + o - mFirst] === 0) continue
      left[type]--
      board[cell] = o
      nodes++
      if (cell + 1 === n || (cell + 1 === mDeadline && left[mType] !== 0)) {
        left[type]++
        if (cell + 1 === n && solved()) {
          placements -= end - i
          for (let c = 0; c < cell; c++) placements -= stack[3 * c + 1] - stack[3 * c]
          return { placements, nodes, complete: false }
        }
        continue
      }
      need[2 * cell] = eastKey[o]
      need[2 * cell + 1] = southKey[o]
      stack[3 * cell] = i
      stack[3 * cell + 1] = end
      stack[3 * cell + 2] = type
      cell++
      t = at[3 * cell] + need[at[3 * cell + 1]] * K + need[at[3 * cell + 2]]
      i = start[t]
      end = start[t + 1]
      placements += end - i
    } else {
      if (cell === 0) break
      cell--
      i = stack[3 * cell]
      end = stack[3 * cell + 1]
      left[stack[3 * cell + 2]]++
    }
  }
  return { placements, nodes, complete: true }
}

/**
 * The board as placements of numbered cards. Identical cards are handed out in cell order, each
 * turned to show what its type's first card shows there.
 */
function placementsOf(p: Plan, puzzle: CardPuzzle, board: Int32Array): Placement[] {
  const handedOut = new Int32Array(p.types.length)
  return Array.from(board, (o) => {
    const type = p.types[p.entryType[o]]
    const k = handedOut[p.entryType[o]]++
    const card = type.cards[k]
    const turns = (p.entryTurns[o] - type.turns[k] + 4) % distinctTurns(puzzle.cards[card])
    return { card, turns }
  })
}

/** The first board the search meets, or undefined if there is none. */
export function firstSolution(puzzle: CardPuzzle): CardBoard | undefined {
  let first: CardBoard | undefined
  solveCards(puzzle, { onSolution: (board) => ((first = board), true) })
  return first
}

/** One board per class up to turning the whole board: the least of each. */
export function allSolutions(
  puzzle: CardPuzzle,
  options: { identicalAsOne?: boolean } = {},
): { boards: CardBoard[]; result: CardResult } {
  const boards: CardBoard[] = []
  const result = solveCards(puzzle, {
    ...options,
    onSolution: (board, info) => void (info.canonical && boards.push(board)),
  })
  return { boards, result }
}

/**
 * Counts solutions up to rotation, stopping once `limit` are certain (limit 2 decides
 * uniqueness); all of them without a limit. `nodes` is the search's size, a difficulty figure.
 */
export function countSolutions(
  puzzle: CardPuzzle,
  limit?: number,
  options: { identicalAsOne?: boolean } = {},
): CardCounts & CardStats & { complete: boolean } {
  const r = solveCards(puzzle, { ...options, limit })
  return { ...r.counts, ...r.stats, complete: r.complete }
}
