/**
 * Pen plotters as data. Coordinates are plotter units (0.025 mm on all of these), x along the
 * paper's long side, origin at the lower left of the hard-clip range: the area the pen can
 * reach on that paper size. Ranges follow the makers' tables for paper loaded in its normal
 * (landscape) orientation; check them against your plotter's manual if a margin gets clipped.
 */
import { InputError } from '../errors'

export interface ClipRange {
  readonly xMax: number
  readonly yMax: number
}

export interface PlotterDevice {
  readonly id: string
  readonly name: string
  readonly unitsPerMm: number
  /** Pens in the carousel or holder: SP1 … SPn. */
  readonly pens: number
  /** Default pen speed for VS, in cm/s. */
  readonly velocity: number
  /** Input buffer in bytes, for the ESC.B flow control default. */
  readonly buffer: number
  readonly papers: Readonly<Record<string, ClipRange>>
}

export const PLOTTERS: readonly PlotterDevice[] = [
  {
    id: 'hp7475a',
    name: 'HP 7475A',
    unitsPerMm: 40,
    pens: 6,
    velocity: 38,
    buffer: 1024,
    papers: { A4: { xMax: 11040, yMax: 7721 }, A3: { xMax: 16158, yMax: 11040 } },
  },
  {
    id: 'hp7550a',
    name: 'HP 7550A',
    unitsPerMm: 40,
    pens: 8,
    velocity: 60,
    buffer: 1024,
    papers: { A4: { xMax: 10870, yMax: 7600 }, A3: { xMax: 15970, yMax: 10870 } },
  },
  {
    id: 'roland-dxy',
    name: 'Roland DXY (1100/1200/1300)',
    unitsPerMm: 40,
    pens: 8,
    velocity: 30,
    buffer: 512,
    papers: { A4: { xMax: 11040, yMax: 7721 }, A3: { xMax: 16158, yMax: 11040 } },
  },
]

export function plotterById(id: string): PlotterDevice {
  const d = PLOTTERS.find((p) => p.id === id)
  if (!d) {
    throw new InputError(`unknown plotter "${id}"; known: ${PLOTTERS.map((p) => p.id).join(', ')}`)
  }
  return d
}
