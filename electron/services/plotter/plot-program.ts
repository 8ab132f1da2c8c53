import { ETX, HpglInterpreter, parseHpgl } from '../../../shared/hpgl/parse'

/**
 * HPGL made ready to stream to a plotter and to resume anywhere: one instruction per step, each
 * with at most one coordinate pair (`PD 1,2,3,4` becomes `PD1,2;PD3,4;`) and with the state it
 * leaves the plotter in, so that after a line drop a short prefix restores that state and the rest
 * follows.
 */

export interface PenState {
  pen: number
  down: boolean
  relative: boolean
  /** Null after a label: the plotter moved the pen by its character cell, which we do not model. */
  position: [number, number] | null
  /** The VS instructions in effect, as text ('' for the plotter's default speeds). */
  speeds: string
}

export interface PlotStep {
  /** Terminated, so the plotter runs it as soon as it has it. */
  readonly text: string
  readonly after: PenState
  /** In the source, for messages. */
  readonly line: number
}

export interface PlotProgram {
  readonly start: PenState
  readonly steps: readonly PlotStep[]
  /** Of all the steps' text. */
  readonly bytes: number
}

const MOVES = new Set(['PU', 'PD', 'PA', 'PR'])

/** Throws an InputError naming line and column if the text is not HPGL we can plot. */
export function plotProgram(hpgl: string): PlotProgram {
  const interpreter = new HpglInterpreter()
  const start: PenState = { pen: 0, down: false, relative: false, position: [0, 0], speeds: '' }
  const steps: PlotStep[] = []
  let known = true
  let speeds = ''
  let terminator = ETX
  for (const ins of parseHpgl(hpgl)) {
    // The plotter's answers would be taken for the driver's, so outputs are not sent.
    if (ins.mnemonic.startsWith('O')) continue
    // Odd parameter counts stay whole, for the interpreter to refuse.
    const pairs = MOVES.has(ins.mnemonic) && ins.params.length % 2 === 0 ? ins.params.length / 2 : 0
    const pieces =
      pairs > 1
        ? Array.from({ length: pairs }, (_, k) => ({
            ...ins,
            params: ins.params.slice(2 * k, 2 * k + 2),
          }))
        : [ins]
    for (const piece of pieces) {
      interpreter.run(piece)
      const s = interpreter.state
      const m = piece.mnemonic
      const text =
        m === 'LB' ? `LB${piece.text}${terminator}` : `${m}${piece.text ?? piece.params.join(',')};`
      if (m === 'LB') known = false
      else if (MOVES.has(m) && piece.params.length > 0 && !s.relative) known = true
      if (m === 'IN' || m === 'DF') {
        terminator = ETX
        speeds = ''
      } else if (m === 'DT') terminator = piece.text ?? ETX
      else if (m === 'VS' && piece.params.length < 2) speeds = piece.params.length ? text : ''
      // A speed for one pen replaces that pen's earlier one.
      else if (m === 'VS')
        speeds = speeds.replace(new RegExp(`VS[^,;]*,${piece.params[1]};`), '') + text
      steps.push({
        text,
        line: piece.line,
        after: {
          pen: s.pen,
          down: s.down,
          relative: s.relative,
          position: known ? [...s.position] : null,
          speeds,
        },
      })
    }
  }
  return { start, steps, bytes: steps.reduce((n, s) => n + s.text.length, 0) }
}

/** What resuming needs of a program in any protocol: where each step leaves the pen. */
export interface Located {
  readonly position: readonly [number, number] | null
  readonly down: boolean
}
export interface ResumableProgram<S extends Located = Located> {
  readonly start: S
  readonly steps: readonly { readonly text: string; readonly after: S }[]
}

/** The plotter's state before step i (after the whole program for i = steps.length). */
export function stateBefore<S extends Located>(program: ResumableProgram<S>, i: number): S {
  return i === 0 ? program.start : program.steps[i - 1].after
}

/** Puts a plotter in the given state (where it is, if the position is unknown). */
export function resumePrefix(s: PenState): string {
  const at = s.position ? `PU${s.position[0]},${s.position[1]};` : 'PU;'
  return `SP${s.pen};${s.speeds || 'VS;'}PA;${at}${s.down ? 'PD;' : ''}${s.relative ? 'PR;' : ''}`
}

/** What the plotter tells of its state when asked with OA: position in whole units, pen up or down. */
export interface ReportedState {
  x: number
  y: number
  down: boolean
}

const key = (s: Located) =>
  s.position && `${Math.round(s.position[0])},${Math.round(s.position[1])},${s.down ? 1 : 0}`

/**
 * Where a chunk of steps from `from` should end (exclusive) to fit in `maxBytes` (after `prefix`
 * bytes sent with it), so that a plotter which took only part of it can tell how far it got: no
 * state reported by OA comes back within the chunk once left (nor the one it starts in), and a
 * step with an unknown position goes alone. Returns `from` when not even one step fits.
 */
export function chunkEnd(
  program: ResumableProgram,
  from: number,
  maxBytes: number,
  prefix = 0,
): number {
  const steps = program.steps
  let bytes = prefix
  let last = key(stateBefore(program, from))
  const seen = new Set([last])
  let end = from
  while (end < steps.length) {
    const step = steps[end]
    if (bytes + step.text.length > maxBytes) break
    const k = key(step.after)
    if (last === null || k === null) return end === from ? end + 1 : end
    if (k !== last && seen.has(k)) break
    seen.add(k)
    last = k
    bytes += step.text.length
    end++
  }
  return end
}

/**
 * How far into a chunk [from, to) the plotter got, given what OA reports once it has finished:
 * the first step of the run of steps that leave it in that state (the rest of the run changes
 * nothing OA sees, so sending it again after the resume prefix does no harm). Undefined if no step
 * leaves it there: the plotter was reset or moved by hand.
 */
export function resumePoint(
  program: ResumableProgram,
  from: number,
  to: number,
  at: ReportedState,
): number | undefined {
  const reported = `${at.x},${at.y},${at.down ? 1 : 0}`
  for (let i = from; i <= to; i++) {
    // The first match starts the run: chunkEnd lets no state come back once left.
    if (key(stateBefore(program, i)) === reported) return i
  }
  // A step alone with one unknown end: the plotter is there if not at the known one.
  if (to === from + 1) {
    const before = key(stateBefore(program, from))
    const after = key(stateBefore(program, to))
    if ((before === null) !== (after === null)) return before === null ? from : to
  }
  return undefined
}

/**
 * Whether a device that stopped at `p` was in the middle of the straight move from `a` to `b`:
 * past `a`, short of `b`, and at most `tolerance` off its line (a move stopped part way stands on
 * the device's steps).
 */
export function onTheWay(
  p: readonly number[],
  a: readonly number[],
  b: readonly number[],
  tolerance: number,
): boolean {
  const d = a.map((v, i) => b[i] - v)
  const q = a.map((v, i) => p[i] - v)
  const dot = (u: readonly number[], v: readonly number[]) => u.reduce((t, x, i) => t + x * v[i], 0)
  const length2 = dot(d, d)
  if (length2 === 0) return false
  const t = dot(q, d) / length2
  // Off the line: what is left of q once its part along the move is taken away.
  const off = Math.sqrt(Math.max(0, dot(q, q) - t * t * length2))
  return t > 0 && t < 1 && off <= tolerance
}
