/**
 * The card solver. Cells are filled in scan order (row by row from the north-west corner), so a
 * cell's west and north neighbours are always down and no others are; one table lookup (plan.ts)
 * gives the entries that fit, and the only test left per placement is whether a card of the
 * entry's type is still unused.
 *
 * The search always runs over card types (symmetry.ts: cards equal up to turning are one type with
 * a count), so it meets a board once, not once per way to deal out identical cards; with cards
 * told apart, each board of types then stands for ∏ m! boards of numbered cards (apart.ts), counted
 * at once, or dealt out one by one when they are asked for. With a frame, a second test prunes:
 * the border cards left must still be able to close the frame (frame.ts).
 *
 * Counting conventions:
 *  - fixed: boards on the fixed board. Cards are told apart by their number; turns of a card that
 *    look the same (a card equal to itself after a half turn) are one way to lay it.
 *  - upToRotation: classes of those boards under turning the whole board (4 turns on a square
 *    board, 2 on any other rectangle). Each class counts once, whatever its size: a board that
 *    looks the same after a half turn is one class holding 2 fixed boards.
 *  - identicalAsOne: cards equal up to turning are not told apart, so boards that differ only by
 *    swapping them are one board: the boards of types themselves. Both counts are taken on these
 *    boards the same way, per board, with no global factor assumed.
 *
 * How classes are counted:
 *  - With a marker, two or more cells: the marker is a card type with a single card. The search
 *    keeps only boards where it lies in a chosen state (cell, turn): the least state of its orbit
 *    under G. A class of boards of types then turns up |Stab(x)| times, x being the marker's state
 *    there: once, unless the marker lies in the middle cell looking alike after a turn, and then
 *    only the least of those boards counts; the turns that give it back (its stabilizer H) tell
 *    how big its class is, |G| / |H|. Cards told apart, no board is its own turned copy (a turned
 *    board puts some card on another cell), so the ∏ m! boards of numbered cards it stands for make
 *    ∏ m! / |H| classes of exactly |G| boards each. The marker is chosen among the single cards
 *    whose allowed states come earliest; with a frame, a corner card, settled on the first cell at
 *    once: the search shrinks to a quarter on a square board, to a half on others.
 *  - Without one (every type has two cards or more) and on 1 × 1 boards: the search meets every
 *    board and classes are counted by Burnside, Σ_s |Stab(s)| / |G|, each board's stabilizer
 *    tested directly (for boards of numbered cards of two cells or more it is always 1).
 */
import { seededRandom } from '../../random'
import { treeFraction } from '../progress'
import { CardsApart } from './apart'
import { FrameArcs } from './frame'
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
  /**
   * Called every PROGRESS_NODES search nodes, or PROGRESS_MS if those take longer, with the nodes
   * so far; returning true stops the search (the result is then incomplete).
   */
  readonly onProgress?: (nodes: number, fraction: number) => boolean | void
  /**
   * Search only the part of the tree below these entries (plan entries, from `splitCards`) on
   * the first cells: the parts of a split add up to the whole count.
   */
  readonly prefix?: readonly number[]
  /** Search nodes a call of the search's loop goes through (CHUNK_NODES); the tests vary it. */
  readonly chunkNodes?: number
}

/** How often (in search nodes, a power of two) onProgress is called. */
export const PROGRESS_NODES = 1 << 16
/**
 * At the latest how often onProgress is called, in milliseconds: a framed board's frame check can
 * slow the search to a few thousand nodes a second, and then PROGRESS_NODES would leave the bar
 * still and a stop unheard for half a minute. The clock is read every CLOCK_NODES nodes.
 */
export const PROGRESS_MS = 250
const CLOCK_NODES = 1 << 8

export interface SolutionInfo {
  /** Whether the board is the least of its class (cell by cell): exactly one per class is. */
  readonly canonical: boolean
  /** Boards on the fixed board in its class: the number of board turns / its stabilizer. */
  readonly classSize: number
}

/** Counts are BigInt: cards told apart multiply (25 identical cards lie in 25! ways). */
export interface CardCounts {
  readonly fixed: bigint
  readonly upToRotation: bigint
}

export interface CardStats {
  /**
   * (card type, turn) pairs tried at a cell: the entries in the cell's table list, those of
   * used-up types included. Identical cards are one type.
   */
  readonly placements: number
  /**
   * Card types laid down: the search tree's nodes, a measure of difficulty. A card the frame
   * check takes back at once counts as laid.
   */
  readonly nodes: number
  /** With a frame, the steps its arc check took (frame.ts): what it cost beside the nodes. */
  readonly frameSteps?: number
}

export interface CardResult {
  /** Lower bounds when the search stopped early (upToRotation: the classes certain so far). */
  readonly counts: CardCounts
  readonly complete: boolean
  readonly stats: CardStats
}

/** The marker card type (see above): its entries and the states it may take. */
interface Marker {
  readonly type: number
  readonly first: number
  readonly ways: number
  /** cell · 4 + turns → 1 if the state is the least of its orbit. */
  readonly allowed: Uint8Array
  /** One past the last cell the marker may take: reaching it without the marker is a dead end. */
  readonly deadline: number
}

/**
 * The marker: a card type with a single card, the one whose allowed states all lie earliest in
 * the cell order (with a frame, a corner card: settled on the first cell). Undefined if every
 * type has two cards or more (or none can lie anywhere).
 */
function chooseMarker(p: Plan, rotations: readonly BoardRotation[]): Marker | undefined {
  let best: Marker | undefined
  for (let type = 0; type < p.types.length; type++) {
    if (p.types[type].cards.length !== 1) continue
    const first = p.firstEntry[type]
    const ways =
      type + 1 < p.types.length ? p.firstEntry[type + 1] - first : p.entryType.length - first
    // The deadline is past the first cell the type fits: no better than the best so far, skip.
    let firstCell = 0
    while (firstCell < p.n && !fitsSomeTurn(p, first, ways, firstCell)) firstCell++
    if (best !== undefined && firstCell + 1 >= best.deadline) continue
    const allowed = new Uint8Array(p.n * 4)
    let deadline = 0
    for (let cell = firstCell; cell < p.n; cell++) {
      for (let t = 0; t < ways; t++) {
        if (!p.fits(first + t, cell)) continue
        const x = cell * 4 + t
        let least = true
        for (const g of rotations) if (g.image[cell] * 4 + ((t + g.turns) % ways) < x) least = false
        if (least) {
          allowed[x] = 1
          deadline = cell + 1
        }
      }
    }
    if (deadline > 0 && (best === undefined || deadline < best.deadline))
      best = { type, first, ways, allowed, deadline }
  }
  return best
}

function fitsSomeTurn(p: Plan, first: number, ways: number, cell: number): boolean {
  for (let t = 0; t < ways; t++) if (p.fits(first + t, cell)) return true
  return false
}

/**
 * What a search of a puzzle builds before it starts, kept for its next searches (the parts of a
 * split count, run one after another in a worker): the plan, the marker and above all the frame
 * check's answers, which each part would otherwise find again (the parts of framed 8 × 8 boards
 * took 12-17x the frame steps of one search, 2-4x its time).
 */
export interface PreparedCards {
  readonly puzzle: CardPuzzle
  readonly p: Plan
  readonly rotations: readonly BoardRotation[]
  readonly marker: Marker | undefined
  readonly arcs: FrameArcs | undefined
}

export function prepareCards(puzzle: CardPuzzle): PreparedCards {
  const p = planCards(puzzle, true)
  const rotations = boardRotations(puzzle.rows, puzzle.cols)
  const marker = p.n >= 2 ? chooseMarker(p, rotations) : undefined
  return { puzzle, p, rotations, marker, arcs: FrameArcs.build(p, puzzle) }
}

/** Solves a card puzzle: every board (or until stopped), counted in both conventions. */
export function solveCards(
  puzzle: CardPuzzle,
  options: SolveOptions = {},
  prepared: PreparedCards = prepareCards(puzzle),
): CardResult {
  const identicalAsOne = options.identicalAsOne ?? false
  const { p, rotations, marker, arcs } = prepared
  const { n, entryType, turned } = p
  const G = rotations.length
  const board = new Int32Array(n)
  const frameStepsBefore = arcs?.totalSteps ?? 0
  const want = options.limit === undefined ? undefined : BigInt(options.limit)
  const onSolution = options.onSolution
  // Cards told apart: each board of types stands for `perBoard` boards of numbered cards.
  const apart = identicalAsOne ? undefined : new CardsApart(p, puzzle)
  const perBoard = apart?.perBoard ?? 1n
  const images = rotations.map(() => new Int32Array(n))
  const cardImages = rotations.map(() => new Int32Array(n))
  const Gn = BigInt(G)
  let fixed = 0n
  let classes = 0n
  let stabilizers = 0n
  const reached = () => want !== undefined && classes >= want
  /** v, but no more than the limit allows (at least 1, since a board was found). */
  const upTo = (v: bigint, limit: bigint | undefined) =>
    limit === undefined || v <= limit ? v : limit < 1n ? 1n : limit

  const turnBoard = (g: BoardRotation, into: Int32Array) => {
    for (let cell = 0; cell < n; cell++) into[g.image[cell]] = turned[board[cell] * 4 + g.turns]
    return into
  }
  const compare = (a: Int32Array, b: Int32Array) => {
    for (let cell = 0; cell < n; cell++) if (a[cell] !== b[cell]) return a[cell] - b[cell]
    return 0
  }
  const emit = (b: CardBoard, canonical: boolean, classSize: number) =>
    onSolution!(b, { canonical, classSize }) === true
  /** Emits the distinct turned copies of a board, the least one canonical. */
  const emitCopies = (copies: Int32Array[], placed: (b: Int32Array) => CardBoard): boolean => {
    const distinct = copies.filter((c, k) => copies.slice(0, k).every((d) => compare(c, d) !== 0))
    const least = distinct.reduce((a, b) => (compare(b, a) < 0 ? b : a))
    for (const copy of distinct)
      if (emit(placed(copy), copy === least, distinct.length)) return true
    return false
  }
  const ofTypes = (b: Int32Array) => placementsOf(p, puzzle, b)
  const ofCards = (b: Int32Array) => apart!.placements(b)

  const copiesOfTypes = () => rotations.map((g, k) => turnBoard(g, images[k]))
  const copiesOfCards = (cards: Int32Array) =>
    rotations.map((g, k) => apart!.turn(g, cards, cardImages[k]))

  // The marker is a single card: a class meets the search once per turn of the board that keeps
  // the marker's state (only the identity, unless the marker lies in the middle looking alike
  // turned); `keeping` lists those turns that give the board back.
  const keeping = rotations.map(() => 0)
  const solvedWithMarker = (): boolean => {
    let cell = 0
    while (entryType[board[cell]] !== marker!.type) cell++
    const o = board[cell]
    // Of the boards met for one class, keep the least.
    let same = 1
    for (let k = 1; k < G; k++) {
      const g = rotations[k]
      if (g.image[cell] !== cell || turned[o * 4 + g.turns] !== o) continue
      const c = compare(board, turnBoard(g, images[k]))
      if (c > 0) return false
      if (c === 0) keeping[same++] = k
    }
    if (!apart) {
      // Identical cards as one: one class, of G / same distinct boards.
      classes++
      fixed += BigInt(G / same)
      if (onSolution && emitCopies(copiesOfTypes(), ofTypes)) return true
      return reached()
    }
    // Cards told apart: perBoard boards of numbered cards, in classes of G each; the `same` turns
    // map these boards onto one another, so they make perBoard / same classes.
    if (!onSolution) {
      const add = upTo(perBoard / BigInt(same), want === undefined ? undefined : want - classes)
      classes += add
      fixed += add * Gn
      return reached()
    }
    return apart.forEach(board, (cards) => {
      for (let s = 1; s < same; s++)
        if (compare(cards, apart.turn(rotations[keeping[s]], cards, images[0])) > 0) return false
      classes++
      fixed += Gn
      return emitCopies(copiesOfCards(cards), ofCards) || reached()
    })
  }

  // No marker (every type has two cards or more, or one cell): Burnside, every board met, its
  // stabilizer tested.
  const stop = () => want !== undefined && stabilizers > (want - 1n) * Gn
  const burnside = (b: Int32Array, turn: (g: BoardRotation, into: Int32Array) => Int32Array) => {
    fixed++
    let stabilizer = 0
    let canonical = true
    for (let k = 0; k < G; k++) {
      const c = compare(b, turn(rotations[k], images[k]))
      if (c === 0) stabilizer++
      else if (c > 0) canonical = false
    }
    stabilizers += BigInt(stabilizer)
    return (
      onSolution !== undefined && emit(apart ? ofCards(b) : ofTypes(b), canonical, G / stabilizer)
    )
  }
  const solvedByBurnside = (): boolean => {
    if (!apart) return burnside(board, turnBoard) || stop()
    if (!onSolution && n >= 2) {
      // No board of numbered cards is its own turned copy: each has stabilizer 1.
      const add = upTo(
        perBoard,
        want === undefined ? undefined : (want - 1n) * Gn + 1n - stabilizers,
      )
      fixed += add
      stabilizers += add
      return stop()
    }
    return apart.forEach(
      board,
      (cards) => burnside(cards, (g, into) => apart.turn(g, cards, into)) || stop(),
    )
  }

  const run = search(
    p,
    marker,
    arcs,
    board,
    marker ? solvedWithMarker : solvedByBurnside,
    options.onProgress,
    options.prefix,
    p.n,
    undefined,
    options.chunkNodes,
  )
  return {
    counts: { fixed, upToRotation: marker ? classes : (stabilizers + Gn - 1n) / Gn },
    complete: run.complete,
    stats: {
      placements: run.placements,
      nodes: run.nodes,
      ...(arcs && { frameSteps: arcs.totalSteps - frameStepsBefore }),
    },
  }
}

/**
 * The search proper: depth-first over the cells in scan order, one loop with an explicit stack
 * and every hot value in a local, nothing allocated. Per entry tried: is a card of its type left,
 * may the marker lie so; then, on a border cell of a framed puzzle, can the border cards left
 * still close the frame (one table lookup, mostly). `solved` is called on each full board and
 * returns true to stop; so does `progress`, every PROGRESS_NODES nodes.
 *
 * The loop runs in calls of CHUNK_NODES nodes (`searchChunk`), its state carried from one to the
 * next. Solver processes run without on-stack replacement (SOLVER_V8_FLAGS), so a call runs to its
 * end in the code it began in: one call for a whole search ran unoptimized, or deoptimized midway,
 * for all of it (a framed 6 × 6 board took 3.9–15 s from run to run; a card count's first parts
 * ran at a third of the later parts' speed). A new call every few milliseconds takes up the
 * optimized code as soon as it is ready.
 */
function search(
  p: Plan,
  marker: Marker | undefined,
  arcs: FrameArcs | undefined,
  board: Int32Array,
  solved: () => boolean,
  progress: ((nodes: number, fraction: number) => boolean | void) | undefined,
  prefix: readonly number[] = [],
  /** With `onPrefix`: instead of going on below this many cells, hand the entries over. */
  depth = p.n,
  onPrefix?: (entries: number[]) => void,
  chunk = CHUNK_NODES,
): CardStats & { complete: boolean } {
  const { n, K, cellBase, westOf, northOf, start } = p
  // Per cell: its table base and where in `need` its west and north neighbours' needs are.
  const at = new Int32Array(3 * n)
  for (let c = 0; c < n; c++) {
    at[3 * c] = cellBase[c]
    at[3 * c + 1] = 2 * westOf[c]
    at[3 * c + 2] = 2 * northOf[c] + 1
  }
  // need[2·pos], need[2·pos + 1]: what the card at board position pos needs east and south of it;
  // position n is the border.
  const need = new Int32Array(2 * n + 2).fill(K - 1)
  const t = at[0] + need[at[1]] * K + need[at[2]]
  let [i, end] = [start[t], start[t + 1]]
  if (prefix.length > 0) [i, end] = forced(p.list, i, end, prefix[0])
  const s: SearchState = {
    p,
    marker,
    arcs,
    board,
    solved,
    progress,
    prefix,
    depth,
    onPrefix,
    left: Int32Array.from(p.types, (type) => type.cards.length),
    need,
    at,
    stack: new Int32Array(3 * n),
    listFrom: new Int32Array(n).fill(i, 0, 1),
    share: new LiveShare(p, marker),
    // The frame arc check (frame.ts): after a card on a cell with arcStart ≥ 0. Without it, none.
    arcStart: arcs?.arcStart ?? new Int32Array(n).fill(-1),
    cell: 0,
    i,
    end,
    placements: end - i,
    nodes: 0,
    reported: performance.now(),
    ended: undefined,
  }
  while (!s.ended) searchChunk(s, s.nodes + chunk)
  return { placements: s.placements, nodes: s.nodes, complete: s.ended === 'complete' }
}

/** Search nodes a call of `searchChunk` goes through at most. */
const CHUNK_NODES = 1 << 14

/** A search between two calls of `searchChunk`: what it was given, and where it stands. */
interface SearchState {
  readonly p: Plan
  readonly marker: Marker | undefined
  readonly arcs: FrameArcs | undefined
  readonly board: Int32Array
  readonly solved: () => boolean
  readonly progress: ((nodes: number, fraction: number) => boolean | void) | undefined
  readonly prefix: readonly number[]
  readonly depth: number
  readonly onPrefix: ((entries: number[]) => void) | undefined
  readonly left: Int32Array
  readonly need: Int32Array
  readonly at: Int32Array
  /**
   * Per cell on the stack: the list position to try next, the end of its list, the type laid;
   * and where its list began, for the share of the tree done (`treeFraction`).
   */
  readonly stack: Int32Array
  readonly listFrom: Int32Array
  readonly share: LiveShare
  readonly arcStart: Int32Array
  /** The cell being filled, and its list's entries still to try: i … end. */
  cell: number
  i: number
  end: number
  placements: number
  nodes: number
  /** When progress was last reported. */
  reported: number
  ended: 'complete' | 'stopped' | undefined
}

/** The search's loop, until `pauseAt` nodes or its end (`s.ended`). */
function searchChunk(s: SearchState, pauseAt: number): void {
  const { n, eastKey, southKey, start, list, listType, K } = s.p
  const { arcs, board, solved, progress, prefix, depth, onPrefix } = s
  const { left, need, at, stack, listFrom, share, arcStart } = s
  const entryAt = arcs?.entryAt ?? arcStart
  const exitAt = arcs?.exitAt ?? arcStart
  // Without a marker these never match: ways 0 admits no entry, deadline −1 no cell.
  const marker = s.marker
  const mType = marker?.type ?? 0
  const mFirst = marker?.first ?? 0
  const mWays = marker?.ways ?? 0
  const mAllowed = marker?.allowed ?? NO_MARKER
  const mDeadline = marker?.deadline ?? -1
  let { cell, i, end, placements, nodes, reported } = s
  // How the loop left off; no closure reads the loop's locals, which then stay in registers.
  let ended: SearchState['ended']
  for (;;) {
    if (nodes >= pauseAt) break
    if (i < end) {
      const type = listType[i]
      const o = list[i++]
      if (left[type] === 0) continue
      if (cell < mDeadline && (o - mFirst) >>> 0 < mWays && mAllowed[cell * 4 + o - mFirst] === 0)
        continue
      left[type]--
      nodes++
      if (progress && (nodes & (CLOCK_NODES - 1)) === 0) {
        const now = performance.now()
        if ((nodes & (PROGRESS_NODES - 1)) === 0 || now - reported >= PROGRESS_MS) {
          reported = now
          if (progress(nodes, share.at(stack, listFrom, cell, i, end, left)) === true) {
            ended = 'stopped'
            break
          }
        }
      }
      if (cell + 1 === n || (cell + 1 === mDeadline && left[mType] !== 0)) {
        left[type]++
        if (cell + 1 === n) {
          // The board, from the stack: the entry laid on cell c was the one before stack[3c].
          for (let c = 0; c < cell; c++) board[c] = list[stack[3 * c] - 1]
          board[cell] = o
          if (solved()) {
            ended = 'stopped'
            break
          }
        }
        continue
      }
      need[2 * cell] = eastKey[o]
      need[2 * cell + 1] = southKey[o]
      if (arcStart[cell] >= 0) {
        arcs!.lay(cell, type, left)
        if (!arcs!.fits(need[entryAt[cell]], need[exitAt[cell]], cell, left)) {
          left[type]++
          continue
        }
      }
      if (cell + 1 === depth && onPrefix) {
        left[type]++
        const entries = Array.from({ length: cell }, (_, c) => list[stack[3 * c] - 1])
        onPrefix([...entries, o])
        continue
      }
      stack[3 * cell] = i
      stack[3 * cell + 1] = end
      stack[3 * cell + 2] = type
      cell++
      const t = at[3 * cell] + need[at[3 * cell + 1]] * K + need[at[3 * cell + 2]]
      i = start[t]
      end = start[t + 1]
      if (cell < prefix.length) [i, end] = forced(list, i, end, prefix[cell])
      listFrom[cell] = i
      placements += end - i
    } else {
      if (cell === 0) {
        ended = 'complete'
        break
      }
      cell--
      i = stack[3 * cell]
      end = stack[3 * cell + 1]
      left[stack[3 * cell + 2]]++
    }
  }
  if (ended === 'stopped') {
    // Stopped early: the entries counted but not tried are taken back.
    placements -= end - i
    for (let c = 0; c < cell; c++) placements -= stack[3 * c + 1] - stack[3 * c]
  }
  s.ended = ended
  s.cell = cell
  s.i = i
  s.end = end
  s.placements = placements
  s.nodes = nodes
  s.reported = reported
}

const NO_MARKER = new Uint8Array(0)

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
  options: Pick<SolveOptions, 'identicalAsOne' | 'onProgress'> = {},
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
  options: Pick<SolveOptions, 'identicalAsOne' | 'onProgress'> = {},
): CardCounts & CardStats & { complete: boolean } {
  const r = solveCards(puzzle, { ...options, limit })
  return { ...r.counts, ...r.stats, complete: r.complete }
}

/**
 * The share of the tree done (`treeFraction`), counting at each cell only the entries the search
 * enters: a card of the type left, and a state the marker may take (on the cell before the
 * marker's deadline, only the marker while it is unused). The frame check is left out: it takes a
 * card back after laying it, as a node. (Outside the search, so that its hot locals stay out of
 * any closure; called every PROGRESS_NODES nodes, so its scan of the path's lists costs nothing.)
 */
class LiveShare {
  private readonly left: Int32Array
  private readonly before: Int32Array
  private readonly width: Int32Array

  constructor(
    private readonly p: Plan,
    private readonly marker: Marker | undefined,
  ) {
    this.left = new Int32Array(p.types.length)
    this.before = new Int32Array(p.n)
    this.width = new Int32Array(p.n)
  }

  /**
   * At `cell`, whose list ends at `end` and whose entry in progress is the one before `i` (its
   * card laid: `left` counts it used); the cells before it as the stack holds them.
   */
  at(
    stack: Int32Array,
    listFrom: Int32Array,
    cell: number,
    i: number,
    end: number,
    left: Int32Array,
  ): number {
    const { listType, list } = this.p
    const m = this.marker
    const scratch = this.left
    scratch.set(left)
    // From the deepest cell up, each cell's cards back: what was left when its entry was chosen.
    for (let c = cell; c >= 0; c--) {
      const current = c === cell ? i - 1 : stack[3 * c] - 1
      const last = c === cell ? end : stack[3 * c + 1]
      scratch[listType[current]]++
      let before = 0
      let width = 0
      for (let j = listFrom[c]; j < last; j++) {
        const type = listType[j]
        if (scratch[type] === 0) continue
        if (m && c < m.deadline) {
          const o = list[j] - m.first
          if (o >= 0 && o < m.ways && m.allowed[c * 4 + o] === 0) continue
          if (c + 1 === m.deadline && type !== m.type && scratch[m.type] !== 0) continue
        }
        width++
        if (j < current) before++
      }
      this.before[c] = before
      this.width[c] = width
    }
    return treeFraction(
      cell + 1,
      (c) => this.before[c],
      (c) => this.width[c],
    )
  }
}

/** The range of a cell's list that holds only `entry` (empty if the list lacks it). */
function forced(list: Int32Array, from: number, to: number, entry: number): [number, number] {
  for (let j = from; j < to; j++) if (list[j] === entry) return [j, j + 1]
  return [to, to]
}

/** A part of a split count (`splitCards`): the entries forced on the first cells, and its weight. */
export interface CardPart {
  readonly prefix: readonly number[]
  /** The square root of Knuth's estimate of the part's search nodes (see `splitCards`). */
  readonly weight: number
}

export interface CardSplit {
  /** In search order. */
  readonly parts: readonly CardPart[]
  /** The probes' steps (a cell looked at on a probe's path): their cost beside the nodes. */
  readonly probeSteps: number
}

/**
 * Parts a count is split into at least (where the tree allows): framed 8 × 8 boards (6 figures,
 * 2 frame colours, seeds 1–6) get 135–237 parts.
 */
const SPLIT_PARTS = 50
/**
 * Probes per part, in groups: a part weighs the median of its groups' means. Measured on those
 * boards, parts run heaviest first, the worst time left after the first tenth (in nodes): 16 groups
 * of 4 1.43–1.74x, probe steps 3.4–7.6 % of the search's nodes (2–7 % of its time); 16 of 3
 * 1.33–2.15x; 8 of 32 (the tilings') 1.51–1.66x at 120–150 % of the nodes; 8 of 4 1.59–2.22x,
 * 4 of 8 2.6–4.7x, one mean of 64 3.5–7.1x (the mean is heavy-tailed).
 */
const PROBE_GROUPS = 16
const GROUP_PROBES = 4

/**
 * Splits a count into at least `parts` parts where the tree allows: the ways the search lays the
 * first cells, as few cells as give that many (every check of the search applied, so no part is a
 * dead end it would not have entered). The parts partition the search tree: their counts add up to
 * the whole's, in both conventions (the marker and Burnside rules look at each full board alone).
 * Each is weighed by Knuth's probes (`partWeight`'s median of group means, as tiling parts are):
 * the equal-subtree share of one search strays over 2x from the work done on framed boards, whose
 * subtrees differ by orders of magnitude. The probes skip the frame check: with it a probe step
 * cost 3–4 search nodes (the check's answers are remembered along the search's path, not along
 * random ones), and the weights were no better. Without it the estimates spread far wider than
 * the parts' nodes (an estimate 0.2 % of the whole for a part of 2 %, 4 % for one of 1 %): the
 * power of the estimate that best gives the parts' shares of the nodes was 0.40–0.65 on framed
 * 8 × 8 boards of 5 figures, so a part weighs the estimate's square root.
 */
export function splitCards(
  puzzle: CardPuzzle,
  parts: number,
  prepared: PreparedCards = prepareCards(puzzle),
): CardSplit {
  const { p, marker, arcs } = prepared
  const prober = new Prober(p, marker)
  let prefixes: number[][] = [[]]
  for (let depth = 1; depth < p.n && prefixes.length < parts; depth++) {
    const next: number[][] = []
    search(
      p,
      marker,
      arcs,
      new Int32Array(p.n),
      () => false,
      undefined,
      [],
      depth,
      (e) => next.push(e),
    )
    prefixes = next
  }
  return {
    parts: prefixes.map((prefix) => ({ prefix, weight: Math.sqrt(prober.weigh(prefix)) })),
    probeSteps: prober.steps,
  }
}

/**
 * The order the parts of a split count are sent in: heaviest first, but in STRIDE passes (the
 * 1st, 17th, 33rd … heaviest, then the 2nd, 18th …), so that the weight done at any moment is a
 * sample of every weight class. Sent heaviest first, the parts done first were those whose weight
 * most overstated their nodes: the time left after the first tenth (in nodes) was off 2.3–3.5x
 * on framed 8 × 8 boards of 5 figures (seeds 1–6), now 1.16–1.38x; of 6 figures 1.42–1.75x, now
 * 1.28–1.63x; held out, framed 7 × 7 of 5 figures 1.39–8.12x, now 1.30–1.63x. (Passes of 4: up
 * to 2.4x, of 8: 2.3x.) The heavy parts still go out early, none is left to run alone at the end.
 */
export function partsInOrder<P extends { readonly weight: number }>(parts: readonly P[]): P[] {
  const heaviest = [...parts].sort((a, b) => b.weight - a.weight)
  return Array.from({ length: STRIDE }, (_, k) =>
    heaviest.filter((_, i) => i % STRIDE === k),
  ).flat()
}
const STRIDE = 16

/** A count's plan (`planCardCount`): its result when it was small, else its parts. */
export type CardCountPlan =
  | { readonly whole: CardResult }
  | (CardSplit & {
      /** The nodes of the search tried whole first. */
      readonly tried: number
    })

/**
 * How a count is to run: a small one is searched whole at once (the HIB set's 1,723 nodes, a
 * framed 6 × 6 board's few thousand), up to its first progress report (PROGRESS_NODES nodes, or
 * PROGRESS_MS); one that lasts longer is split (`splitCards`). Tried rather than estimated: the
 * root's Knuth estimate was 18–67x under the nodes of framed 8 × 8 boards but near them unframed.
 * `onProgress` hears the search tried.
 */
export function planCardCount(
  puzzle: CardPuzzle,
  options: Pick<SolveOptions, 'identicalAsOne' | 'onProgress'> = {},
  prepared: PreparedCards = prepareCards(puzzle),
): CardCountPlan {
  let tried = 0
  const whole = solveCards(
    puzzle,
    {
      identicalAsOne: options.identicalAsOne,
      onProgress: (nodes, fraction) => {
        tried = nodes
        options.onProgress?.(nodes, fraction)
        return true
      },
    },
    prepared,
  )
  return whole.complete ? { whole } : { ...splitCards(puzzle, SPLIT_PARTS, prepared), tried }
}

/**
 * Knuth's random probes of the search below a prefix: down one random path, the product of the
 * branchings met, summed over the levels (an unbiased estimate of the nodes). The branches are
 * those the search lays a card in, the frame check aside (see `splitCards`); a dead end at the
 * marker's deadline is a leaf. Its buffers are kept from probe to probe: a probe is a dozen steps,
 * and allocating per probe made a step cost ten search nodes.
 */
class Prober {
  private readonly cards: Int32Array
  private readonly left: Int32Array
  private readonly need: Int32Array
  private readonly open: Int32Array
  steps = 0

  constructor(
    private readonly p: Plan,
    private readonly marker: Marker | undefined,
  ) {
    this.cards = Int32Array.from(p.types, (t) => t.cards.length)
    this.left = new Int32Array(this.cards.length)
    this.need = new Int32Array(2 * p.n + 2)
    let widest = 0
    for (let t = 0; t + 1 < p.start.length; t++)
      widest = Math.max(widest, p.start[t + 1] - p.start[t])
    this.open = new Int32Array(widest)
  }

  /** The median of PROBE_GROUPS means of GROUP_PROBES probes (seeded: the same each time). */
  weigh(prefix: readonly number[]): number {
    const rand = seededRandom(1)
    const means = Array.from({ length: PROBE_GROUPS }, () => {
      let sum = 0
      for (let s = 0; s < GROUP_PROBES; s++) sum += this.probe(prefix, rand)
      return sum / GROUP_PROBES
    }).sort((a, b) => a - b)
    return (means[PROBE_GROUPS / 2 - 1] + means[PROBE_GROUPS / 2]) / 2
  }

  private probe(prefix: readonly number[], rand: () => number): number {
    const { p, marker, left, need, open } = this
    const { n, K, eastKey, southKey, start, list, listType, cellBase, westOf, northOf } = p
    left.set(this.cards)
    need.fill(K - 1)
    const mFirst = marker?.first ?? 0
    const mWays = marker?.ways ?? 0
    const mDeadline = marker?.deadline ?? -1
    let paths = 1
    let nodes = 0
    for (let cell = 0; cell < n; cell++) {
      const t = cellBase[cell] + need[2 * westOf[cell]] * K + need[2 * northOf[cell] + 1]
      let from = start[t]
      let to = start[t + 1]
      if (cell < prefix.length) [from, to] = forced(list, from, to, prefix[cell])
      let width = 0
      for (let j = from; j < to; j++) {
        if (left[listType[j]] === 0) continue
        const o = list[j]
        if (
          cell < mDeadline &&
          (o - mFirst) >>> 0 < mWays &&
          marker!.allowed[cell * 4 + o - mFirst] === 0
        )
          continue
        open[width++] = j
      }
      this.steps++
      if (width === 0) break
      paths *= width
      nodes += paths
      const j = open[Math.floor(rand() * width)]
      const o = list[j]
      left[listType[j]]--
      if (cell + 1 === n || (cell + 1 === mDeadline && left[marker!.type] !== 0)) break
      need[2 * cell] = eastKey[o]
      need[2 * cell + 1] = southKey[o]
    }
    return nodes
  }
}
