/**
 * How long a plot takes, from its motion as planned: each straight move accelerates from rest at
 * the device's acceleration up to its speed and brakes to rest again (a trapezoid, or a triangle
 * when the move is too short to reach the speed); waits (a servo's dwell, a pen's Z move) add
 * their time. Firmware that blends corners (GRBL's junction speed) is a little faster: this is the
 * time to expect at most.
 */
export type Motion =
  | {
      readonly kind: 'move'
      readonly length: number
      readonly down: boolean
      readonly speed: number
      /** Set where the firmware is told the time itself (EBB's SM, LM): that, not the trapezoid. */
      readonly seconds?: number
    }
  | { readonly kind: 'wait'; readonly seconds: number }

export interface PlotTime {
  readonly seconds: number
  /** mm */
  readonly penDown: number
  readonly penUp: number
  /** Times the pen went down. */
  readonly strokes: number
}

/** Seconds to move `length` mm from rest to rest at most `speed` mm/s, accelerating at `accel` mm/s². */
export function moveSeconds(length: number, speed: number, accel: number): number {
  if (length <= 0) return 0
  const ramp = (speed * speed) / accel // both ramps' length together
  return length >= ramp ? length / speed + speed / accel : 2 * Math.sqrt(length / accel)
}

export function plotTime(motions: Iterable<Motion>, accel: number): PlotTime {
  let seconds = 0
  let penDown = 0
  let penUp = 0
  let strokes = 0
  let down = false
  for (const m of motions) {
    if (m.kind === 'wait') {
      seconds += m.seconds
      continue
    }
    if (m.length <= 0) continue
    if (m.down && !down) strokes++
    down = m.down
    seconds += m.seconds ?? moveSeconds(m.length, m.speed, accel)
    if (m.down) penDown += m.length
    else penUp += m.length
  }
  return { seconds, penDown, penUp, strokes }
}

/** "1 h 02 min", "12 min 30 s", "42 s". */
export function durationText(seconds: number): string {
  const s = Math.round(seconds)
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60]
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`
  if (m > 0) return `${m} min ${String(r).padStart(2, '0')} s`
  return `${r} s`
}
