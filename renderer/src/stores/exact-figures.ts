import { defineStore } from 'pinia'
import { computed, shallowRef } from 'vue'
import type { ExactRegionFigure } from '../../../shared/formats/exact-figure'

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

  return { figures, latest, add }
})
