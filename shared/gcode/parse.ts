import type { Motion } from '../plotter/plot-time'
import type { GcodeProfile } from '../plotter/profile'

/**
 * Reads back the G-code a GRBL pen plotter takes (what `write.ts` writes, and the common words
 * besides), as the firmware would: position in mm, the pen down or up (by the profile's servo
 * commands, or by Z below the middle of its down and up heights), and every pen-down segment.
 * For the GRBL simulator and the tests. A line it cannot run is an error with GRBL's code.
 */
export interface GcodeSegment {
  readonly from: readonly [number, number]
  readonly to: readonly [number, number]
}

/** GRBL's error codes for what this reader refuses, with GRBL's own words. */
export const GRBL_ERRORS: Readonly<Record<number, string>> = {
  1: 'a G-code word has no letter',
  2: 'a number is missing or unreadable',
  3: "a '$' system command is not known or not allowed now",
  9: 'G-code is locked out during alarm or jog state',
  20: 'unsupported or invalid G-code command',
  22: 'feed rate has not yet been set or is undefined',
  33: 'the motion command has an invalid target',
}

export class GcodeError extends Error {
  constructor(readonly code: number) {
    super(`error:${code}`)
  }
}

export class GcodeInterpreter {
  readonly segments: GcodeSegment[] = []
  x = 0
  y = 0
  z = 0
  down = false
  feed = 0
  penDownLength = 0
  penUpLength = 0

  constructor(private readonly device: Pick<GcodeProfile, 'pen'>) {}

  /** Runs one line; returns the distance the carriage moved, in mm. */
  run(line: string): number {
    const text = line
      .replace(/\(.*?\)|;.*$/g, '')
      .trim()
      .toUpperCase()
    if (text === '') return 0
    const pen = this.device.pen
    if (
      pen.kind === 'servo' &&
      (text === pen.down.toUpperCase() || text === pen.up.toUpperCase())
    ) {
      this.down = text === pen.down.toUpperCase()
      return 0
    }
    const words = new Map<string, number>()
    const codes: string[] = []
    for (const m of text.replace(/\s+/g, '').matchAll(/([A-Z])([-+]?[0-9]*\.?[0-9]*)|(.)/g)) {
      if (m[3] !== undefined) throw new GcodeError(1)
      const value = Number(m[2])
      if (m[2] === '' || !Number.isFinite(value)) throw new GcodeError(2)
      if (m[1] === 'G' || m[1] === 'M') codes.push(`${m[1]}${value}`)
      else words.set(m[1], value)
    }
    const known = new Set(['G0', 'G1', 'G4', 'G21', 'G90', 'M0', 'M2', 'M3', 'M5'])
    for (const c of codes) if (!known.has(c)) throw new GcodeError(20)
    if (words.has('F')) this.feed = words.get('F')!
    if (!codes.some((c) => c === 'G0' || c === 'G1')) {
      if (codes.includes('M5')) this.down = false
      else if (codes.includes('M3') && pen.kind === 'servo') this.down = (words.get('S') ?? 0) > 0
      return 0
    }
    if (codes.includes('G1') && this.feed <= 0) throw new GcodeError(22)
    const [x, y] = [words.get('X') ?? this.x, words.get('Y') ?? this.y]
    this.z = words.get('Z') ?? this.z
    if (pen.kind === 'z') this.down = this.z < (pen.down + pen.up) / 2
    const d = Math.hypot(x - this.x, y - this.y)
    if (d > 0) {
      if (this.down) {
        this.segments.push({ from: [this.x, this.y], to: [x, y] })
        this.penDownLength += d
      } else this.penUpLength += d
    }
    ;[this.x, this.y] = [x, y]
    return d
  }
}

/**
 * The motion of a G-code program as the plotter runs it: moves at their feed rates, G4 dwells,
 * Z moves of the pen at its feed.
 */
export function* gcodeMotions(
  lines: Iterable<string>,
  device: Pick<GcodeProfile, 'pen'>,
): Generator<Motion> {
  const g = new GcodeInterpreter(device)
  for (const line of lines) {
    const [z, down] = [g.z, g.down]
    const length = g.run(line)
    const dwell = /^\s*G4\s*P([0-9.]+)/i.exec(line)
    if (dwell) yield { kind: 'wait', seconds: Number(dwell[1]) }
    if (g.z !== z && device.pen.kind === 'z') {
      yield { kind: 'wait', seconds: Math.abs(g.z - z) / (device.pen.feed / 60) }
    }
    // A move that puts the pen down draws from where it starts only if it was down already.
    if (length > 0) yield { kind: 'move', length, down: down && g.down, speed: g.feed / 60 }
  }
}
