import { InputError } from '../errors'
import { measurePlan, planPaths, type Stroke, type XY } from '../drawing/plan'
import type { SheetPage } from '../drawing/sheet'
import type { ClipRange } from '../hpgl/devices'
import type { HpglDrawing } from '../hpgl/parse'
import { placePage, type HpglOptions, type PenAssignment } from '../hpgl/write'
import type { EbbProfile } from '../plotter/profile'
import { moveCommands } from './motion'

/**
 * An AxiDraw's program (EBB commands, one a step) from planned pen paths in motor steps: the
 * servo's heights and rate set (`SC`), motors enabled (`EM`) and their step count cleared (`CS`)
 * with the carriage at home, pen up (`SP,1`); each path travelled to at the travel speed, the pen
 * lowered (`SP,0`), drawn at the drawing speed, lifted; home again and the motors released. Each
 * step says where it leaves the carriage and the pen, so a plot can resume after any of them.
 * Paths of one pen are one layer; the program says where each new pen's layer starts, for the
 * plot to hold there (pen up) while the user puts that pen in.
 */

/** The AxiDraw's servo scale: 0 % and 100 % of the pen's range, in the EBB's 1/12 µs units. */
const SERVO_MIN = 9855
const SERVO_MAX = 27831
/** The EBB moves the servo by its rate every 24 ms. */
const SERVO_PERIOD_MS = 24

export interface EbbState {
  readonly position: readonly [number, number]
  readonly down: boolean
}

export interface EbbStep {
  /** Without its CR. */
  readonly text: string
  readonly after: EbbState
}

export interface EbbProgram {
  readonly start: EbbState
  readonly steps: readonly EbbStep[]
  readonly bytes: number
  /** Uses LM: for firmware 2.7.0 and later. */
  readonly lm: boolean
  /** The steps where a new pen's layer starts, in order: the plot holds before each. */
  readonly penChanges: readonly number[]
}

const servo = (percent: number): number =>
  Math.round(SERVO_MIN + ((SERVO_MAX - SERVO_MIN) * percent) / 100)

/** ms the servo takes between the pen's heights at the profile's rate. */
export function penMs(device: EbbProfile): number {
  const travel = Math.abs(servo(device.pen.up) - servo(device.pen.down))
  return Math.ceil(travel / device.pen.rate) * SERVO_PERIOD_MS
}

/** The program for `paths` (whole motor steps from home) on `device`; `lm`: LM moves, else SM. */
export function ebbProgram(paths: readonly Stroke[], device: EbbProfile, lm: boolean): EbbProgram {
  const home: XY = [0, 0]
  const start: EbbState = { position: home, down: false }
  const steps: EbbStep[] = []
  let state = start
  const push = (text: string, after: EbbState = state): void => {
    steps.push({ text, after })
    state = after
  }
  const pen = penMs(device)
  const settings = { accel: device.acceleration, stepsPerMm: device.unitsPerMm, lm }
  const moveTo = (to: XY, speed: number): void => {
    for (const c of moveCommands(state.position, to, { ...settings, speed }))
      push(c.text, { position: c.at, down: state.down })
  }
  for (const text of setupCommands(device)) push(text)
  const penChanges: number[] = []
  for (const [i, path] of paths.entries()) {
    if (i > 0 && path.pen !== paths[i - 1].pen) penChanges.push(steps.length)
    moveTo(path.points[0], device.speed.travel)
    push(`SP,0,${pen}`, { ...state, down: true })
    for (const p of path.points.slice(1)) moveTo(p, device.speed.draw)
    push(`SP,1,${pen}`, { ...state, down: false })
  }
  moveTo(home, device.speed.travel)
  push('EM,0,0')
  return { start, steps, bytes: steps.reduce((n, s) => n + s.text.length, 0), lm, penChanges }
}

/** A move pen up at the travel speed, as SM: any firmware has it. */
const travel = (device: EbbProfile) => ({
  speed: device.speed.travel,
  accel: device.acceleration,
  stepsPerMm: device.unitsPerMm,
  lm: false,
})

/**
 * What a board needs before a plot, with the carriage at home: the servo's heights and rate, the
 * motors on, the step count cleared, the pen up.
 */
function setupCommands(device: EbbProfile): string[] {
  return [
    `SC,4,${servo(device.pen.up)}`,
    `SC,5,${servo(device.pen.down)}`,
    `SC,10,${device.pen.rate}`,
    'EM,1,1',
    'CS',
    `SP,1,${penMs(device)}`,
  ]
}

/**
 * The commands that take a board switched off and on (its carriage put home) to `state`: set up
 * again, travel there pen up (SM: any firmware), the pen lowered if it was down.
 */
export function restoreCommands(state: EbbState, device: EbbProfile): string[] {
  return [
    ...setupCommands(device),
    ...moveCommands([0, 0], state.position, travel(device)).map((c) => c.text),
    ...(state.down ? [`SP,0,${penMs(device)}`] : []),
  ]
}

/**
 * After a cancel (the carriage parked home, the motors off): the commands that take a board back
 * to `state`, as `restoreCommands`, and when it had stopped in the middle of a move, the rest of
 * that move to `rest`, from rest, at the speed of its pen (SM: any firmware).
 */
export function goOnCommands(state: EbbState, device: EbbProfile, rest?: XY): string[] {
  const speed = state.down ? device.speed.draw : device.speed.travel
  const move = rest ? moveCommands(state.position, rest, { ...travel(device), speed }) : []
  return [...restoreCommands(state, device), ...move.map((c) => c.text)]
}

/** The commands that lift the pen and take the carriage home from `at`: after a cancel or a fault. */
export function parkCommands(at: XY, device: EbbProfile): string[] {
  return [
    `SP,1,${penMs(device)}`,
    ...moveCommands(at, [0, 0], travel(device)).map((c) => c.text),
    'EM,0,0',
  ]
}

export interface EbbOptions extends Pick<HpglOptions, 'paper' | 'scale' | 'pens'> {
  readonly device: EbbProfile
}

export interface EbbPage {
  /** The page's paths placed and planned, in motor steps, in drawing order. */
  readonly paths: readonly Stroke[]
  /** In mm on paper. */
  readonly penDown: number
  readonly penUp: number
  readonly naivePenUp: number
  readonly pens: readonly PenAssignment[]
  readonly clip: ClipRange
  readonly unitsPerMm: number
}

/**
 * A sheet page placed on the AxiDraw's paper (scaled, centred; captions left out: the EBB has no
 * font) and planned; `ebbProgram` makes its commands once the firmware says whether LM is there.
 */
export function pageEbb(page: SheetPage, opts: EbbOptions): EbbPage {
  const placed = placePage(page, { ...opts, labels: false })
  return plannedEbb(placed.strokes, opts.device, placed.assignment, placed.clip)
}

/** Strokes in motor steps planned for the AxiDraw. */
export function plannedEbb(
  strokes: readonly Stroke[],
  device: EbbProfile,
  pens: readonly PenAssignment[],
  clip: ClipRange,
): EbbPage {
  const u = device.unitsPerMm
  const plan = planPaths(strokes)
  const naive = measurePlan([...strokes].sort((a, b) => a.pen - b.pen))
  return {
    paths: plan.paths,
    penDown: plan.penDown / u,
    penUp: plan.penUp / u,
    naivePenUp: naive.penUp / u,
    pens,
    clip,
    unitsPerMm: u,
  }
}

/** HP-GL's plotter unit: 0.025 mm. */
const HPGL_UNITS_PER_MM = 40

/**
 * An HP-GL drawing (what `export --format hpgl` writes) at its true size, centred on the device's
 * first paper, planned for the AxiDraw: for `plot FILE --profile axidraw-v3`. Each of the file's
 * pens is a layer, plotted after the one before with a pause to change the pen.
 */
export function hpglOnEbb(drawing: HpglDrawing, device: EbbProfile): EbbPage {
  const [paper, clip] = Object.entries(device.papers)[0]
  if (!drawing.bounds) throw new InputError('there is nothing to plot in it')
  const { min, max } = drawing.bounds
  const k = device.unitsPerMm / HPGL_UNITS_PER_MM
  const [w, h] = [(max[0] - min[0]) * k, (max[1] - min[1]) * k]
  if (w > clip.xMax || h > clip.yMax) {
    const mm = (v: number) => (v / device.unitsPerMm).toFixed(1)
    throw new InputError(
      `the drawing is ${mm(w)} × ${mm(h)} mm, more than the ${device.name} reaches on ${paper} (${mm(clip.xMax)} × ${mm(clip.yMax)} mm)`,
    )
  }
  // HP-GL's y grows up the paper; the device's axes say which way its own grow.
  const sx = device.axes.x === 'right' ? 1 : -1
  const sy = device.axes.y === 'up' ? 1 : -1
  const [cx, cy] = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2]
  const place = ([x, y]: readonly [number, number]): XY => [
    Math.round(clip.xMax / 2 + sx * (x - cx) * k),
    Math.round(clip.yMax / 2 + sy * (y - cy) * k),
  ]
  const strokes = drawing.segments.map((s) => ({
    pen: s.pen,
    points: [place(s.from), place(s.to)],
  }))
  const pens = [...new Set(strokes.map((s) => s.pen))].map((pen) => ({ pen, colors: [] }))
  return plannedEbb(strokes, device, pens, clip)
}
