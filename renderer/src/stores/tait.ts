import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { paperTable } from '../../../shared/tait/tables'
import { sequenceFrames, type Frames } from '../tait/frames'
import { useApp } from './app'
import { runStore } from './run-store'

/** Sequences the view lists and animates at most. */
export const LISTED = 500

export interface TaitRow {
  readonly n: number
  readonly gaps: number
  readonly moves: number
  readonly sequences: string
  readonly ms: number
  /** What the paper's table prints, and what the paper's program finds where that differs. */
  readonly published?: number
  readonly program?: string
}

/**
 * Tait's problem in the app: the counts table, the minimal sequences of one n, and the animation
 * of a chosen sequence. Counting and listing are runs on the host's task farm (kind `tait`, here or
 * on the queue), stopped at once.
 */
export const useTait = defineStore('tait', () => {
  const app = useApp()
  const run = runStore('tait')
  /** The problem of the run under way: its n and pairs. */
  const asking = ref<{ n: number; gaps: number }>()
  /** Where the count under way is: its n and pairs, and the rows done in its layer. */
  const progress = computed(() => {
    const p = run.progress.value
    return (
      p && asking.value && { ...asking.value, move: p.move, moves: p.moves, rows: p.rows, of: p.of }
    )
  })
  /** Runs one count (or listing) of the n and pairs asked; undefined if stopped or failed. */
  async function ask(asked: { n: number; gaps: number }, what: string, list?: number) {
    asking.value = asked
    const { result, error } = await run.start({ ...asked, list })
    if (error !== undefined) app.notify('error', `${what} failed: ${error}`)
    return result
  }
  const busy = ref<string>()
  /** The job under way: a job stopped by a newer one must not clear the newer one's state. */
  let job = 0
  const start = (what: string): number => {
    stop()
    busy.value = what
    return ++job
  }
  const finish = (mine: number) => {
    if (mine !== job) return
    busy.value = undefined
    asking.value = undefined
  }
  function stop(): void {
    run.cancel()
    job++
    busy.value = undefined
    asking.value = undefined
  }

  // ---- the counts table ----------------------------------------------------------------------
  const table = ref<TaitRow[]>([])
  const tableUpTo = ref(10)

  async function countTable(): Promise<void> {
    const mine = start('table')
    table.value = []
    for (const gaps of [1, 2])
      for (let n = 3; n <= tableUpTo.value; n++) {
        const r = await ask({ n, gaps }, 'Counting')
        if (!r || r.moves === null || mine !== job) return finish(mine)
        const { moves, sequences, ms, program } = r
        const published = paperTable(n, gaps)
        table.value = [...table.value, { n, gaps, moves, sequences, ms, published, program }]
      }
    finish(mine)
  }

  // ---- the sequences of one n ----------------------------------------------------------------
  const n = ref(5)
  const gaps = ref(1)
  const listed = shallowRef<{
    n: number
    gaps: number
    moves: number
    sequences: string
    list: string[][]
  }>()
  const chosen = ref(0)

  async function list(): Promise<void> {
    const mine = start('list')
    // The problem as asked: the inputs may change while it is listed.
    const asked = { n: n.value, gaps: gaps.value }
    const r = await ask(asked, 'Listing', LISTED)
    if (r && r.moves !== null && mine === job) {
      const list = (r.list ?? []).map((rows) => [...rows])
      listed.value = { ...asked, moves: r.moves, sequences: r.sequences, list }
      choose(0)
    }
    finish(mine)
  }

  // ---- the animation -------------------------------------------------------------------------
  const frames = computed<Frames | undefined>(() => {
    const rows = listed.value?.list[chosen.value]
    return rows ? sequenceFrames(rows) : undefined
  })
  /** The row shown: 0 … moves. */
  const step = ref(0)
  /** The stones in the air, while a move is under way. */
  const lifted = ref<number[]>([])
  const playing = ref(false)
  const speed = ref(350)
  let timer: ReturnType<typeof setTimeout> | undefined

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms)
    })

  function halt(): void {
    playing.value = false
    if (timer) clearTimeout(timer)
    timer = undefined
    lifted.value = []
  }

  function choose(i: number): void {
    halt()
    chosen.value = i
    step.value = 0
  }

  /** While a new listing runs, the sequence shown is about to be replaced: it does not move. */
  const stale = computed(() => busy.value === 'list')

  /** One move forward, animated: lift the pair, slide it, set it down. */
  async function forward(): Promise<boolean> {
    const f = frames.value
    if (!f || step.value >= f.moved.length) return false
    lifted.value = [...f.moved[step.value]]
    await wait(speed.value)
    step.value++
    await wait(speed.value)
    lifted.value = []
    await wait(speed.value)
    return true
  }

  function back(): void {
    halt()
    if (step.value > 0 && !stale.value) step.value--
  }

  async function play(): Promise<void> {
    if (playing.value) return halt()
    const f = frames.value
    if (!f || stale.value) return
    if (step.value >= f.moved.length) step.value = 0
    playing.value = true
    while (playing.value && (await forward()));
    playing.value = false
  }

  async function stepForward(): Promise<void> {
    if (playing.value) halt()
    if (!stale.value) await forward()
  }

  const cells = computed(() => frames.value?.cells[step.value] ?? [])

  return {
    busy,
    progress,
    /** Where the run under way runs, once the host said. */
    place: run.place,
    stop,
    table,
    tableUpTo,
    countTable,
    n,
    gaps,
    listed,
    chosen,
    list,
    choose,
    frames,
    step,
    lifted,
    playing,
    stale,
    speed,
    cells,
    play,
    back,
    stepForward,
  }
})
