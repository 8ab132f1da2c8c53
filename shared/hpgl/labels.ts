import { HpglInterpreter, type HpglInstruction } from './parse'

/**
 * Where a plotter draws HP-GL labels (`LB`), as its own font places them: from the pen's
 * position, along the direction `DI` gives, in the character size `SI` gives (width and cap
 * height in cm; a character takes 1.5 widths, default 0.187 × 0.269 cm). For the plot preview,
 * which shows every stroke the plotter will draw, and for the tests that labels never overlap.
 */
export interface HpglLabel {
  readonly text: string
  /** Where the first character's baseline starts, in plotter units. */
  readonly at: readonly [number, number]
  /** The unit vector along the baseline (DI), in plotter coordinates (y up). */
  readonly run: readonly [number, number]
  /** Along the baseline, from `at` to the end of the last character, in plotter units. */
  readonly length: number
  /** Cap height in plotter units. */
  readonly capHeight: number
  /** The pen that draws it. */
  readonly pen: number
}

/** The label's box in plotter units: cap height above the baseline, descenders half of it below. */
export interface LabelBox {
  readonly min: readonly [number, number]
  readonly max: readonly [number, number]
}

const DEFAULT_SIZE: readonly [number, number] = [0.187, 0.269]

/** Every label the instructions draw, with where it goes (plotter units, `unitsPerMm` a mm). */
export function hpglLabels(
  instructions: readonly HpglInstruction[],
  unitsPerMm: number,
): HpglLabel[] {
  const pen = new HpglInterpreter()
  let size = DEFAULT_SIZE
  let run: readonly [number, number] = [1, 0]
  const out: HpglLabel[] = []
  const cm = unitsPerMm * 10
  for (const ins of instructions) {
    if (ins.mnemonic === 'SI')
      size = ins.params.length >= 2 ? [ins.params[0], ins.params[1]] : DEFAULT_SIZE
    else if (ins.mnemonic === 'DI') {
      const [dx, dy] = ins.params.length >= 2 ? ins.params : [1, 0]
      const n = Math.hypot(dx, dy)
      run = n > 0 ? [dx / n, dy / n] : [1, 0]
    } else if (ins.mnemonic === 'IN') {
      size = DEFAULT_SIZE
      run = [1, 0]
    }
    if (ins.mnemonic === 'LB' && ins.text) {
      const width = size[0] * cm
      out.push({
        text: ins.text,
        at: [...pen.state.position],
        run,
        // The space after the last character is not drawn.
        length: width * (1.5 * ins.text.length - 0.5),
        capHeight: size[1] * cm,
        pen: pen.state.pen,
      })
    }
    pen.run(ins)
  }
  return out
}

/** The axis-parallel box around a label's characters. */
export function labelBox(l: HpglLabel): LabelBox {
  const [rx, ry] = l.run
  // "Up" for the characters: the baseline turned a quarter left.
  const [ux, uy] = [-ry, rx]
  const corners = [0, l.length].flatMap((a) =>
    [-l.capHeight / 2, l.capHeight].map((b) => [
      l.at[0] + a * rx + b * ux,
      l.at[1] + a * ry + b * uy,
    ]),
  )
  return {
    min: [Math.min(...corners.map((c) => c[0])), Math.min(...corners.map((c) => c[1]))],
    max: [Math.max(...corners.map((c) => c[0])), Math.max(...corners.map((c) => c[1]))],
  }
}

/** Whether two boxes share more than an edge. */
export const boxesOverlap = (a: LabelBox, b: LabelBox): boolean =>
  a.min[0] < b.max[0] && b.min[0] < a.max[0] && a.min[1] < b.max[1] && b.min[1] < a.max[1]
