import type { Motion } from '../plotter/plot-time'
import type { EbbProfile } from '../plotter/profile'
import { EBB_TICK_HZ, LM_RATE_UNIT, carriageAt } from './motion'

/**
 * EBB commands read back as the firmware takes them: the name and its whole-number parameters,
 * checked against the ranges the EBB accepts, and the motion of `SM` and `LM` (each motor's steps
 * and how long they take). For the simulator, and the plot time of an EBB program.
 */

/** What the EBB answers a command it refuses, in its own words. */
export class EbbError extends Error {}

export interface EbbCommand {
  readonly name: string
  readonly args: readonly number[]
}

/** The commands this reader knows, with how many parameters each takes (at least, at most). */
const ARITY: Readonly<Record<string, readonly [number, number]>> = {
  V: [0, 0],
  QB: [0, 0],
  QP: [0, 0],
  QS: [0, 0],
  QM: [0, 0],
  CS: [0, 0],
  ES: [0, 1],
  EM: [1, 2],
  SC: [2, 2],
  SP: [1, 3],
  SM: [2, 3],
  LM: [6, 7],
}

export function parseEbbCommand(text: string): EbbCommand {
  const [name, ...rest] = text.trim().split(',')
  const arity = ARITY[name.toUpperCase()]
  if (!arity) throw new EbbError(`!8 Err: Unknown command '${name}'`)
  const args = rest.map(Number)
  if (args.some((a) => !Number.isInteger(a)) || args.length < arity[0] || args.length > arity[1])
    throw new EbbError(`!2 Err: ${name.toUpperCase()}: wrong parameters`)
  return { name: name.toUpperCase(), args }
}

const range = (cmd: EbbCommand, value: number, lo: number, hi: number): void => {
  if (value < lo || value > hi) throw new EbbError(`!2 Err: ${cmd.name}: parameter out of range`)
}

/** Seconds an LM motor takes for `steps` at `rate` (register units) changing by `accel` each tick. */
function lmSeconds(cmd: EbbCommand, rate: number, steps: number, accel: number): number {
  const n = Math.abs(steps)
  if (n === 0) return 0
  const r = rate / LM_RATE_UNIT
  const a = (accel * EBB_TICK_HZ) / LM_RATE_UNIT
  const disc = r * r + 2 * a * n
  // The rate falls to nothing before the steps are done: the motor would stop for good.
  if (disc < 0 || (r === 0 && a <= 0))
    throw new EbbError(`!2 Err: ${cmd.name}: the rate reaches 0 before the steps are done`)
  return (2 * n) / (r + Math.sqrt(disc))
}

/** The steps and time of a motion command (SM, LM), after checking it; undefined for others. */
export function motorMove(cmd: EbbCommand): { m1: number; m2: number; ms: number } | undefined {
  const a = cmd.args
  if (cmd.name === 'SM') {
    range(cmd, a[0], 1, 16_777_215)
    for (const s of a.slice(1)) range(cmd, s, -16_777_215, 16_777_215)
    const [m1, m2 = 0] = a.slice(1)
    // Faster than the stepping interrupt: the EBB refuses it.
    if (Math.max(Math.abs(m1), Math.abs(m2)) > (a[0] * EBB_TICK_HZ) / 1000)
      throw new EbbError(`!2 Err: ${cmd.name}: step rate too high`)
    return { m1, m2, ms: a[0] }
  }
  if (cmd.name === 'LM') {
    range(cmd, a[0], 0, 2 ** 31 - 1)
    range(cmd, a[3], 0, 2 ** 31 - 1)
    const seconds = Math.max(lmSeconds(cmd, a[0], a[1], a[2]), lmSeconds(cmd, a[3], a[4], a[5]))
    return { m1: a[1], m2: a[4], ms: seconds * 1000 }
  }
  return undefined
}

/**
 * The motion of an EBB program as the AxiDraw runs it: each SM or LM a move taking the time the
 * command gives it; the pen's SP waits (its duration parameter) as waits.
 */
export function* ebbMotions(
  lines: Iterable<string>,
  device: Pick<EbbProfile, 'unitsPerMm'>,
): Generator<Motion> {
  let down = false
  for (const line of lines) {
    const cmd = parseEbbCommand(line)
    if (cmd.name === 'SP') {
      down = cmd.args[0] === 0
      if (cmd.args[1]) yield { kind: 'wait', seconds: cmd.args[1] / 1000 }
      continue
    }
    const move = motorMove(cmd)
    if (!move) continue
    const [dx, dy] = carriageAt(move.m1, move.m2)
    const length = Math.hypot(dx, dy) / device.unitsPerMm
    const seconds = move.ms / 1000
    if (length === 0) yield { kind: 'wait', seconds }
    else yield { kind: 'move', length, down, speed: length / seconds, seconds }
  }
}
