import type { TilingInput, TilingPart } from '../worker/protocol'
import type { FarmTask } from './farm/farm'

/**
 * The tasks of a tiling run, typed by their input (`TilingInput`: a figure's plan, its split, or
 * one of its parts). The run goes by the input; the id is only the farm's and the checkpoint's
 * key for a task, the same in every run of the plan.
 */
export type TilingTask = FarmTask<TilingInput>

/** Planning tasks go out before any part: the rule-outs and estimates show first. */
export const PLAN_FIRST = Number.MAX_VALUE

/** f3 (its plan), f3.s (its split), f3.12 (its 12th part). */
function taskId(input: TilingInput): string {
  if (input.step === 'plan') return `f${input.figure}`
  return `f${input.figure}.${input.step === 'split' ? 's' : input.part}`
}

const ID_STEPS: readonly [RegExp, TilingInput['step']][] = [
  [/^f\d+$/, 'plan'],
  [/^f\d+\.s$/, 'split'],
  [/^f\d+\.[1-9]\d*$/, 'part'],
]

/** The step a task id of a checkpoint (read as untrusted input) names, if any. */
export const stepOfCheckpointId = (id: string): TilingInput['step'] | undefined =>
  ID_STEPS.find(([pattern]) => pattern.test(id))?.[1]

/** A figure's tasks form a farm group: they share its problem, built where one runs. */
const tilingTask = (input: TilingInput, weight: number, priority: number): TilingTask => ({
  id: taskId(input),
  input,
  weight,
  priority,
  group: `f${input.figure}`,
})

export const planTask = (figure: number): TilingTask =>
  tilingTask({ step: 'plan', figure }, 0, PLAN_FIRST)

/**
 * A figure's split into `parts` (weighing nothing: its parts will), or its search whole, which
 * weighs `weight` and goes among the parts by it.
 */
export const splitTask = (figure: number, nodes: number, parts: number, weight: number) =>
  tilingTask({ step: 'split', figure, nodes, parts }, weight, weight > 0 ? weight : PLAN_FIRST)

/** A split figure's parts, in search order, weighed (`scale` times their weights) and ranked. */
export const partTasks = (
  figure: number,
  parts: readonly TilingPart[],
  scale: number,
): TilingTask[] =>
  parts.map((p, k) =>
    tilingTask({ step: 'part', figure, part: k + 1, prefix: p.prefix }, p.weight * scale, p.rank),
  )
