import type { XY } from '../drawing/plan'

/**
 * Straight moves of an AxiDraw (EiBotBoard, "EBB") as motor commands, planned with constant
 * acceleration: each move accelerates from rest at the profile's acceleration up to its speed and
 * brakes to rest again (a trapezoid, or a triangle when it is too short to reach the speed), the
 * same motion `plot-time.ts` times. The AxiDraw's two motors move the carriage together
 * (motor 1 = x + y, motor 2 = x − y, in steps). `SM` gives a duration and each motor's steps, so
 * a changing speed goes as slices of a few ms; `LM` (firmware 2.7.0 on) gives each motor a rate
 * and an acceleration, so a move is at most three commands. Steps are rounded where the move
 * has got to at each slice's end, so the rounding never adds up and the move ends exactly.
 */

/** The EBB's stepping interrupt: 25 kHz, so at most 25 000 steps a second per motor. */
export const EBB_TICK_HZ = 25_000
/** Planned below the EBB's 25 kHz, for the rounding of steps to slices. */
const MAX_STEP_RATE = 24_000
/** LM's rate register: added every tick to an accumulator that steps at 2³¹. */
export const LM_RATE_UNIT = 2 ** 31 / EBB_TICK_HZ
/** SM slices while the speed changes, in ms: short enough that each is nearly at one speed. */
const SLICE_MS = 25
/** SM's limits: its duration and steps fit 24 bits. */
const SM_MAX = 16_777_215

/** The motors' steps for a carriage move of (dx, dy) steps. */
export const motorSteps = (dx: number, dy: number): [number, number] => [dx + dy, dx - dy]

/** The carriage position of the motors' step counts. */
export const carriageAt = (m1: number, m2: number): [number, number] => [
  (m1 + m2) / 2,
  (m1 - m2) / 2,
]

/** A part of a move at one acceleration: from speed v0 to v1 (mm/s) in `seconds`. */
interface Phase {
  readonly seconds: number
  readonly v0: number
  readonly v1: number
}

/** The phases of a move of `length` mm from rest to rest, at most `speed`, at `accel`. */
function phases(length: number, speed: number, accel: number): Phase[] {
  const ramp = (speed * speed) / accel
  if (length < ramp) {
    const peak = Math.sqrt(length * accel)
    return [
      { seconds: peak / accel, v0: 0, v1: peak },
      { seconds: peak / accel, v0: peak, v1: 0 },
    ]
  }
  return [
    { seconds: speed / accel, v0: 0, v1: speed },
    { seconds: (length - ramp) / speed, v0: speed, v1: speed },
    { seconds: speed / accel, v0: speed, v1: 0 },
  ].filter((p) => p.seconds > 0)
}

/** Distance covered `t` seconds into a phase. */
const covered = (p: Phase, t: number): number =>
  p.v0 * t + ((p.v1 - p.v0) / p.seconds) * t * t * 0.5

export interface MoveSettings {
  /** mm/s, mm/s² */
  readonly speed: number
  readonly accel: number
  /** Device steps a mm. */
  readonly stepsPerMm: number
  /** LM commands (firmware 2.7.0 on), else SM. */
  readonly lm: boolean
}

/**
 * The commands that move the carriage from `from` to `to` (whole steps), each with where it
 * leaves the carriage. None for no move.
 */
export function moveCommands(
  from: XY,
  to: XY,
  s: MoveSettings,
): { text: string; at: [number, number] }[] {
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]]
  if (dx === 0 && dy === 0) return []
  const [m1, m2] = motorSteps(dx, dy)
  const length = Math.hypot(dx, dy) / s.stepsPerMm
  // The faster motor must stay within the EBB's step rate.
  const motorPerMm = Math.max(Math.abs(m1), Math.abs(m2)) / length
  const speed = Math.min(s.speed, MAX_STEP_RATE / motorPerMm)
  const parts = phases(length, speed, s.accel)
  // Whole steps where the move has got to: rounded, never summed, so it ends exactly at `to`.
  const at = (fraction: number): [number, number] =>
    fraction >= 1
      ? [to[0], to[1]]
      : [from[0] + Math.round(dx * fraction), from[1] + Math.round(dy * fraction)]
  return s.lm ? lmCommands(parts, length, at) : smCommands(parts, length, at)
}

function smCommands(
  parts: readonly Phase[],
  length: number,
  at: (fraction: number) => [number, number],
): { text: string; at: [number, number] }[] {
  // Slice ends as (time from the start, distance covered).
  const ends: [number, number][] = []
  let [t0, d0] = [0, 0]
  for (const p of parts) {
    const n =
      p.v0 === p.v1
        ? Math.ceil((p.seconds * 1000) / (SM_MAX / 2))
        : Math.ceil((p.seconds * 1000) / SLICE_MS)
    for (let k = 1; k <= n; k++)
      ends.push([t0 + (p.seconds * k) / n, d0 + covered(p, (p.seconds * k) / n)])
    t0 += p.seconds
    d0 += covered(p, p.seconds)
  }
  ends[ends.length - 1][1] = length
  const out: { text: string; at: [number, number] }[] = []
  let lastMs = 0
  let last = at(0)
  for (const [t, d] of ends) {
    const ms = Math.round(t * 1000)
    const here = at(d / length)
    const [a, b] = motorSteps(here[0] - last[0], here[1] - last[1])
    // A slice shorter than a ms goes with the next one; the last one takes what is left.
    if (ms === lastMs && d < length) continue
    // Never faster than the EBB can step.
    const duration = Math.max(ms - lastMs, Math.ceil(Math.max(Math.abs(a), Math.abs(b)) / 25), 1)
    out.push({ text: `SM,${duration},${a},${b}`, at: here })
    lastMs = ms
    last = here
  }
  return out
}

function lmCommands(
  parts: readonly Phase[],
  length: number,
  at: (fraction: number) => [number, number],
): { text: string; at: [number, number] }[] {
  const out: { text: string; at: [number, number] }[] = []
  let d = 0
  let last = at(0)
  for (const p of parts) {
    const phase = covered(p, p.seconds)
    d += phase
    const here = at(d / length)
    const steps = motorSteps(here[0] - last[0], here[1] - last[1])
    const fields = steps.map((n) => {
      // Steps/s per mm/s: each motor does its own (rounded) steps in the phase's time, so a
      // motor of few steps neither lags nor runs ahead.
      const k = Math.abs(n) / phase
      const r0 = p.v0 * k
      let accel = ((p.v1 - p.v0) * k) / p.seconds
      // Braking to rest must not stop the motor before its (rounded) steps are done.
      if (accel < 0 && n !== 0) accel = Math.max(accel, -(r0 * r0) / (2 * Math.abs(n)))
      let rate = Math.round(r0 * LM_RATE_UNIT)
      let accelUnits = Math.trunc((accel * LM_RATE_UNIT) / EBB_TICK_HZ)
      if (n !== 0 && rate === 0 && accelUnits <= 0) [rate, accelUnits] = [0, 1]
      return `${rate},${n},${accelUnits}`
    })
    out.push({ text: `LM,${fields.join(',')}`, at: here })
    last = here
  }
  return out
}
