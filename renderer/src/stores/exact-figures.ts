import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { ExactFigureText } from '../../../shared/api/pentagons'
import type { ExactRegionFigure } from '../../../shared/formats/exact-figure'
import { partFromText, partToText } from '../../../shared/offlattice/wire'

/**
 * Figures with exact corners the app has made (issue 25: composed from the set's pieces in the
 * Figures view), as regions: parts, each an outline with holes. `add` is the one door a figure
 * comes in by, so that whatever solves exact figures takes them from here; the newest is the one
 * the Figures view shows as a silhouette.
 */
export const useExactFigures = defineStore('exact-figures', () => {
  const figures = shallowRef<readonly ExactRegionFigure[]>([])
  const latest = computed(() => figures.value.at(-1))

  function add(figure: ExactRegionFigure): void {
    figures.value = [...figures.value, figure]
  }

  /** The figures as text, for a reload to bring back (`resume`). */
  const session = (): ExactFigureText[] =>
    figures.value.map((f) => ({ name: f.name, parts: f.parts.map(partToText) }))

  function resume(saved: readonly ExactFigureText[]): void {
    figures.value = saved.map((f) => ({
      name: f.name,
      parts: f.parts.map((p) => partFromText({ outline: p.outline, holes: p.holes ?? [] })),
    }))
  }

  return { figures, latest, add, session, resume }
})
