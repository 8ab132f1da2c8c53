import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PlotterSimulator, type SimulatorOptions } from './simulator'
import { NullModem } from './socat'
import { GrblSimulator, type GrblSimulatorOptions } from './grbl-simulator'
import { EbbSimulator, type EbbSimulatorOptions } from './ebb-simulator'

/**
 * For tests: a simulated plotter at the end of a socat null modem, with settings that make a plot
 * of a few hundred segments take about a second.
 */

export const FAST_PLOTTER = { unitsPerSecond: 2_000_000, instructionMs: 1 }
export const FAST_LINE = { replyTimeoutMs: 500, pollMs: 5, retryMs: 50, reconnectTimeoutMs: 5000 }

/** A simulated plotter that keeps going while its cable is out, and plugs back in. */
interface RiggedSim {
  readonly connected: boolean
  connect(): Promise<void>
  stop(): Promise<void>
}

export interface Rig<S extends RiggedSim> {
  /** The computer's end of the line. */
  readonly port: string
  readonly sim: S
  /** Stops socat: both ends lose the line, and the links go. Resolves once the plotter knows. */
  unplug(): Promise<void>
  /** Starts socat again with the same links; resolves once the plotter has reopened its end. */
  plugIn(): Promise<void>
  /**
   * A new plotter on the line (at 0,0, nothing in its buffer), as if switched off and on; while
   * unplugged, it comes on when plugged in.
   */
  powerCycle(): Promise<void>
  close(): Promise<void>
}
export type PlotterRig = Rig<PlotterSimulator>

/** Resolves once the simulator has noticed that socat is gone. */
async function dropped(sim: { readonly connected: boolean }): Promise<void> {
  for (let waited = 0; sim.connected; waited += 5) {
    if (waited > 2000) throw new Error('the simulator did not notice the line drop')
    await new Promise((r) => setTimeout(r, 5))
  }
}

async function rigOf<S extends RiggedSim>(
  prefix: string,
  start: (path: string) => Promise<S>,
): Promise<Rig<S>> {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const port = join(dir, 'computer')
  const plotterEnd = join(dir, 'plotter')
  let modem: NullModem | undefined = await NullModem.start(port, plotterEnd)
  let sim = await start(plotterEnd)
  let off = false
  return {
    port,
    get sim() {
      return sim
    },
    unplug: async () => {
      await modem?.stop()
      modem = undefined
      await dropped(sim)
    },
    plugIn: async () => {
      modem = await NullModem.start(port, plotterEnd)
      if (off) {
        sim = await start(plotterEnd)
        off = false
      } else await sim.connect()
    },
    powerCycle: async () => {
      await sim.stop()
      if (modem) sim = await start(plotterEnd)
      else off = true
    },
    close: async () => {
      await sim.stop()
      await modem?.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export const plotterRig = (options: Partial<SimulatorOptions> = {}): Promise<PlotterRig> =>
  rigOf('pw-plotter-', (path) => PlotterSimulator.start({ path, ...FAST_PLOTTER, ...options }))

/** An AxiDraw's EiBotBoard at the end of a socat null modem. */
export const ebbRig = (
  options: Omit<EbbSimulatorOptions, 'path'> = {},
): Promise<Rig<EbbSimulator>> =>
  rigOf('pw-ebb-', (path) => EbbSimulator.start({ path, ...options }))

/**
 * A drawing in three pens: polygons of 3 to 8 sides, half in absolute and half in relative
 * coordinates, several pairs to a PD. Deterministic for a given seed.
 */
export function testDrawing(shapes: number, seed = 1): string {
  let state = seed
  const random = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % n
  }
  const out = ['IN;']
  for (let s = 0; s < shapes; s++) {
    out.push(`SP${1 + (s % 3)};`)
    const [cx, cy, r, n] = [
      1000 + random(8000),
      1000 + random(5000),
      100 + random(900),
      3 + random(6),
    ]
    const points = Array.from({ length: n }, (_, k) => [
      Math.round(cx + r * Math.cos((2 * Math.PI * k) / n)),
      Math.round(cy + r * Math.sin((2 * Math.PI * k) / n)),
    ])
    const [x0, y0] = points[0]
    if (s % 2 === 0) out.push(`PA;PU${x0},${y0};PD${[...points.slice(1), points[0]].join(',')};`)
    else {
      const steps = [...points.slice(1), points[0]].map(([x, y], k) => {
        const [px, py] = points[k]
        return `${x - px},${y - py}`
      })
      out.push(`PA;PU${x0},${y0};PR;PD${steps.join(',')};PA;`)
    }
    out.push('PU;\n')
  }
  out.push('SP0;')
  return out.join('')
}

/** For tests: a GRBL plotter at the end of a socat null modem, `speedUp` times faster than its feeds. */
export const grblRig = (options: Omit<GrblSimulatorOptions, 'path'>): Promise<Rig<GrblSimulator>> =>
  rigOf('pw-grbl-', (path) => GrblSimulator.start({ path, ...options }))
