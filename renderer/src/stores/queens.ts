import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { RunPlace, WorkbenchEvent } from '../../../shared/api/contract'
import type { Hint, QueensGameResult, Square } from '../../../shared/queens/game/solve'
import { legalMoves } from '../../../shared/queens/game/solve'
import { publishedQueens } from '../../../shared/queens/oeis'
import { api } from '../api'
import type { QueensReply, QueensRequest } from '../queens/protocol'
import { WorkerChannel } from '../worker-channel'
import { useApp } from './app'
import { useRunOn } from './run-on'

type Progress = Extract<WorkbenchEvent, { type: 'queens.progress' }>
type Ended = Extract<WorkbenchEvent, { type: 'queens.ended' }>
/** One worker per kind of job, so that a long listing never holds up the game. */
const channel = () =>
  new WorkerChannel<QueensRequest, QueensReply>(
    () => new Worker(new URL('../queens/worker.ts', import.meta.url), { type: 'module' }),
  )

/** Squares as plain arrays: a store's reactive arrays cannot be posted to a worker. */
const plain = (squares: readonly Square[]): Square[] => squares.map(([r, c]) => [r, c])

export interface CountResult {
  readonly n: number
  readonly total: string
  readonly unique: string
  readonly nodes: number
  readonly ms: number
  readonly resumed: number
  readonly tasks: number
  /** OEIS A000170 and A002562 agree. */
  readonly matches: boolean
}

/**
 * The queens view's state: counts on the worker processes (through the API), the solution
 * browser and the partial-solutions chart (Web Worker), and the game against the perfect player
 * (Web Worker) with its move history for take-back.
 */
export const useQueens = defineStore('queens', () => {
  const app = useApp()
  const runOn = useRunOn()

  // ---- counting ------------------------------------------------------------------------------
  const countN = ref(12)
  const counting = shallowRef<{ countId: string; n: number; progress?: Progress }>()
  const counts = ref<CountResult[]>([])
  /** Lines about the last count that did not stop it: a worker that died, its task run again. */
  const countNotices = ref<string[]>([])
  /** Where the last count ran (or runs), as its host said when it started. */
  const countPlace = shallowRef<{ n: number; runsOn: RunPlace }>()

  async function count(): Promise<void> {
    const n = countN.value
    try {
      // The host reads where to run when the count starts: the address just typed goes first.
      await runOn.commit()
      const { countId } = await api.call('queens.count', { n })
      counting.value = { countId, n }
      countNotices.value = []
      countPlace.value = undefined
    } catch (e) {
      app.notify('error', `The count could not start: ${(e as Error).message}`)
    }
  }

  async function cancelCount(): Promise<void> {
    const c = counting.value
    if (!c) return
    counting.value = undefined
    await api.call('queens.cancel', { countId: c.countId })
    app.notify('info', `Stopped counting n = ${c.n}; counting it again resumes where it stopped`)
  }

  function onEnded(e: Ended): void {
    if (e.countId !== counting.value?.countId) return
    counting.value = undefined
    if (e.outcome === 'failed') app.notify('error', `Counting n = ${e.n} failed: ${e.error}`)
    if (e.outcome !== 'done') return
    const published = publishedQueens(e.n)
    const result: CountResult = {
      n: e.n,
      total: e.total!,
      unique: e.unique!,
      nodes: e.nodes ?? 0,
      ms: e.elapsedMs,
      resumed: e.resumed ?? 0,
      tasks: e.tasks ?? 0,
      matches:
        published !== undefined &&
        String(published.total) === e.total &&
        String(published.unique) === e.unique,
    }
    counts.value = [result, ...counts.value.filter((c) => c.n !== e.n)]
  }

  api.onEvent((e) => {
    if (e.type === 'queens.started' && e.countId === counting.value?.countId)
      countPlace.value = { n: e.n, runsOn: e.runsOn }
    else if (e.type === 'queens.progress' && e.countId === counting.value?.countId)
      counting.value = { ...counting.value, progress: e }
    else if (e.type === 'queens.notice' && e.countId === counting.value?.countId)
      countNotices.value = [...countNotices.value, e.message]
    else if (e.type === 'queens.ended') onEnded(e)
  })

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
