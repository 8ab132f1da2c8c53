import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { QueensCountResult } from '../../../shared/api/run'
import type { Hint, QueensGameResult, Square } from '../../../shared/queens/game/solve'
import { legalMoves } from '../../../shared/queens/game/solve'
import { publishedQueens } from '../../../shared/queens/oeis'
import type { QueensReply, QueensRequest } from '../queens/protocol'
import { WorkerChannel } from '../worker-channel'
import { useApp } from './app'
import { runStore } from './run-store'

/** One worker per kind of job, so that a long listing never holds up the game. */
const channel = () =>
  new WorkerChannel<QueensRequest, QueensReply>(
    () => new Worker(new URL('../queens/worker.ts', import.meta.url), { type: 'module' }),
  )

/** Squares as plain arrays: a store's reactive arrays cannot be posted to a worker. */
const plain = (squares: readonly Square[]): Square[] => squares.map(([r, c]) => [r, c])

export interface CountResult extends QueensCountResult {
  /** OEIS A000170 and A002562 agree. */
  readonly matches: boolean
}

/**
 * The queens view's state: counts on the host's task farm (run kind `queens`), the solution
 * browser and the partial-solutions chart (Web Worker), and the game against the perfect player
 * (Web Worker) with its move history for take-back.
 */
export const useQueens = defineStore('queens', () => {
  const app = useApp()

  // ---- counting ------------------------------------------------------------------------------
  const run = runStore('queens')
  const countN = ref(12)
  /** The n of the count under way, or of the last one. */
  const countedN = ref<number>()
  const counting = computed(() =>
    run.running.value && countedN.value !== undefined
      ? { n: countedN.value, progress: run.progress.value }
      : undefined,
  )
  const counts = ref<CountResult[]>([])
  /** Lines about the last count that did not stop it: a worker that died, its task run again. */
  const countNotices = computed(() => run.notices.value)
  /** Where the last count ran (or runs), as its host said when it started. */
  const countPlace = computed(() => {
    const runsOn = run.place.value
    return runsOn && countedN.value !== undefined ? { n: countedN.value, runsOn } : undefined
  })

  /** Counts n on the host's task farm (run kind `queens`); resolves when the count ends. */
  async function count(): Promise<void> {
    const n = countN.value
    countedN.value = n
    const { result, error } = await run.start({ n })
    if (error !== undefined)
      app.notify(
        'error',
        // No place: the host refused it before it started.
        run.place.value === undefined
          ? `The count could not start: ${error}`
          : `Counting n = ${n} failed: ${error}`,
      )
    if (!result) return
    const published = publishedQueens(n)
    const row: CountResult = {
      ...result,
      matches:
        published !== undefined &&
        String(published.total) === result.total &&
        String(published.unique) === result.unique,
    }
    counts.value = [row, ...counts.value.filter((c) => c.n !== n)]
  }

  function cancelCount(): void {
    const c = counting.value
    if (!c) return
    run.cancel()
    app.notify('info', `Stopped counting n = ${c.n}; counting it again resumes where it stopped`)
  }

  // ---- solutions and the chart ---------------------------------------------------------------
  const browse = channel()
  const listN = ref(8)
  const unique = ref(true)
  const listing = ref(false)
  const boards = shallowRef<{ n: number; unique: boolean; boards: number[][]; sizes: number[] }>()
  const index = ref(0)
  // Jobs are numbered: one stopped by a newer one (its promise ends after the newer one started)
  // must leave the newer one's state alone.
  let listings = 0

  async function list(): Promise<void> {
    const mine = ++listings
    listing.value = true
    // The listing as asked: the inputs may change while the worker lists.
    const asked = { n: listN.value, unique: unique.value }
    try {
      const r = await browse.ask({ op: 'solutions', ...asked })
      if (r.type !== 'solutions') return
      boards.value = { ...asked, boards: r.boards, sizes: r.sizes }
      index.value = 0
    } catch (e) {
      if ((e as Error).message !== 'stopped')
        app.notify('error', `Listing failed: ${(e as Error).message}`)
    } finally {
      if (mine === listings) listing.value = false
    }
  }

  function step(by: number): void {
    const k = boards.value?.boards.length ?? 0
    if (k > 0) index.value = (index.value + by + k) % k
  }

  const chart = channel()
  const chartN = ref(13)
  const charting = ref(false)
  const partials = shallowRef<{ n: number; counts: bigint[]; ms: number }>()
  let charts = 0

  async function chartPartials(): Promise<void> {
    const mine = ++charts
    charting.value = true
    try {
      const n = chartN.value
      const r = await chart.ask({ op: 'partials', n })
      if (r.type === 'partials') partials.value = { n, counts: r.counts.map(BigInt), ms: r.ms }
    } catch (e) {
      if ((e as Error).message !== 'stopped')
        app.notify('error', `Charting failed: ${(e as Error).message}`)
    } finally {
      if (mine === charts) charting.value = false
    }
  }

  // ---- the game ------------------------------------------------------------------------------
  const game = channel()
  const gameN = ref(8)
  const youStart = ref(true)
  /** The queens in the order placed: even places the first player's. */
  const moves = ref<Square[]>([])
  const undone = ref<Square[]>([])
  const verdict = shallowRef<QueensGameResult>()
  const shownHint = shallowRef<Hint>()
  const thinking = ref(false)
  let thoughts = 0

  const legal = computed(() => legalMoves(gameN.value, moves.value))
  const yourTurn = computed(() => (moves.value.length % 2 === 0) === youStart.value)
  /** Who has won: the player to move when no square is left. */
  const winner = computed<'you' | 'computer' | undefined>(() =>
    legal.value.length > 0 ? undefined : yourTurn.value ? 'computer' : 'you',
  )

  async function newGame(): Promise<void> {
    game.stop()
    moves.value = []
    undone.value = []
    shownHint.value = undefined
    verdict.value = undefined
    const n = gameN.value
    const mine = ++thoughts
    thinking.value = true
    try {
      const r = await game.ask({ op: 'game', n })
      if (r.type === 'game' && n === gameN.value) verdict.value = r.result
    } catch (e) {
      if ((e as Error).message !== 'stopped')
        app.notify('error', `The game could not be solved: ${(e as Error).message}`)
    } finally {
      if (mine === thoughts) thinking.value = false
    }
    if (mine === thoughts && !youStart.value) await reply()
  }

  /** The perfect player's move. */
  async function reply(): Promise<void> {
    if (winner.value || yourTurn.value) return
    const mine = ++thoughts
    thinking.value = true
    try {
      const r = await game.ask({ op: 'hint', n: gameN.value, queens: plain(moves.value) })
      if (r.type === 'hint' && r.hint.move) moves.value = [...moves.value, r.hint.move]
    } catch (e) {
      if ((e as Error).message !== 'stopped')
        app.notify('error', `The computer could not move: ${(e as Error).message}`)
    } finally {
      if (mine === thoughts) thinking.value = false
    }
  }

  async function play(square: Square): Promise<void> {
    if (thinking.value || !yourTurn.value) return
    if (!legal.value.some(([r, c]) => r === square[0] && c === square[1])) return
    moves.value = [...moves.value, square]
    undone.value = []
    shownHint.value = undefined
    await reply()
  }

  async function askHint(): Promise<void> {
    if (thinking.value || !yourTurn.value || winner.value) return
    const mine = ++thoughts
    thinking.value = true
    try {
      const r = await game.ask({ op: 'hint', n: gameN.value, queens: plain(moves.value) })
      if (r.type === 'hint') shownHint.value = r.hint
    } catch (e) {
      if ((e as Error).message !== 'stopped')
        app.notify('error', `No hint: ${(e as Error).message}`)
    } finally {
      if (mine === thoughts) thinking.value = false
    }
  }

  /** Takes back your last move and the computer's answer to it. */
  function takeBack(): void {
    if (thinking.value) return
    const back = yourTurn.value ? 2 : 1
    if (moves.value.length < back || (back === 2 && moves.value.length === 1)) return
    undone.value = [...moves.value.slice(-back), ...undone.value]
    moves.value = moves.value.slice(0, -back)
    shownHint.value = undefined
  }

  function replay(): void {
    if (thinking.value || undone.value.length === 0) return
    const forward = Math.min(undone.value.length, 2)
    moves.value = [...moves.value, ...undone.value.slice(0, forward)]
    undone.value = undone.value.slice(forward)
    shownHint.value = undefined
  }

  return {
    countN,
    counting,
    counts,
    countNotices,
    countPlace,
    count,
    cancelCount,
    listN,
    unique,
    listing,
    boards,
    index,
    list,
    step,
    stopListing: () => browse.stop(),
    chartN,
    charting,
    partials,
    chartPartials,
    stopChart: () => chart.stop(),
    gameN,
    youStart,
    moves,
    undone,
    verdict,
    shownHint,
    thinking,
    legal,
    yourTurn,
    winner,
    newGame,
    play,
    askHint,
    takeBack,
    replay,
  }
})
