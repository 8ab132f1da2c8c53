import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { exactFiguresOf } from '../../../shared/api/exact-view'
import type { ExactFigureText } from '../../../shared/api/pentagons'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { SymmetryMode } from '../../../shared/tiling/search'
import type { View } from './app'
import { plain } from './document'
import { runStore, type RunEnd } from './run-store'

/**
 * Tilings of a figure with exact corners (issue 25): a figure handed over — a figure file of the
 * Pentagons view, or any view's — is tiled by the open document's pieces with the search off the
 * lattice on the host's task farm (a run of kind `exact`): its counts in both conventions and
 * its tilings, with each piece's exact corners, for the dissection drawing and the export.
 */
export const useExactTilings = defineStore('exactTilings', () => {
  const run = runStore('exact')
  /** The figure solved (or being solved), as handed over. */
  const figure = shallowRef<ExactFigureText>()
  /** The panel's choice: list every fixed tiling ('raw'), or one a class. */
  const everyFixed = ref(false)
  const plan = run.plan
  /** How the run counts and lists: one tiling a class ('reduce'), or every fixed one ('raw'). */
  const mode = computed((): SymmetryMode | undefined => plan.value?.mode)
  /** The figure's search once it ended, exact: its region, counts and tilings to draw. */
  const solved = computed(() => {
    const p = plan.value
    return p ? exactFiguresOf(p, run.items.value)[0] : undefined
  })
  /** Its search's numbers: placements tried and fitted, and its time. */
  const stats = computed(() => run.items.value[0])
  /** Its tilings are the Gallery's (its panel's "Open in Gallery"), and the view it came from. */
  const inGallery = ref(false)
  const from = ref<View>('figures')
  /** The Gallery shows them: asked for, and there (a new solve takes them away). */
  const galleryShows = computed(() => inGallery.value && solved.value !== undefined)

  /**
   * Tiles `f` by the document's pieces, listing its tilings: one a class, or with 'raw' every
   * fixed one. Resolves at the run's end (a new solve cancels the one before).
   */
  function solve(
    doc: WorkbenchDocument,
    f: ExactFigureText,
    how: SymmetryMode = everyFixed.value ? 'raw' : 'reduce',
  ): Promise<RunEnd<'exact'>> {
    figure.value = f
    inGallery.value = false
    const figures = [JSON.parse(JSON.stringify(f)) as ExactFigureText]
    return run.start({ document: plain(doc), figures, mode: how, list: true })
  }

  /**
   * Takes up the host's run `runId` of the figure `f` again after the page was reloaded: as the
   * host has it now (running, or how it ended), its events going on. False if the host no longer
   * knows it (restarted, or it ran other runs since).
   */
  async function reattach(runId: string, f: ExactFigureText): Promise<boolean> {
    const found = await run.takeUp(runId, () => (figure.value = f))
    if (!found) return false
    everyFixed.value = mode.value === 'raw'
    return true
  }

  return {
    runId: run.runId,
    state: run.state,
    progress: run.progress,
    error: run.error,
    elapsedMs: run.elapsedMs,
    set: computed(() => plan.value?.set),
    plan,
    figure,
    everyFixed,
    mode,
    solved,
    stats,
    inGallery,
    from,
    galleryShows,
    solve,
    reattach,
    stop: run.cancel,
  }
})
