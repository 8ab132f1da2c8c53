import { deviceProfileSchema, type DeviceProfile } from './profile'

/**
 * The devices the workbench knows without a devices file. HP-GL ranges follow the makers' tables
 * for paper loaded in its normal (landscape) orientation, in plotter units of 0.025 mm; check them
 * against your plotter's manual if a margin gets clipped. The AxiDraw counts motor steps (2032 an
 * inch at 16× microstepping) from its home corner, the upper left, y towards the user; the paper's
 * corner goes at home. The GRBL plotters are written in hundredths of a mm from the machine's zero.
 * Accelerations are the makers' figures where known (the 7475A 2 g, the 7550A 4 g), else a guess
 * (the Roland's 1 g): they only set the plot time.
 */
const A4 = { width: 297, height: 210 }
const A3 = { width: 420, height: 297 }
const LETTER = { width: 279.4, height: 215.9 }
const HPGL_COMMON = {
  protocol: 'hpgl',
  unitsPerMm: 40,
  axes: { x: 'right', y: 'up' },
  serial: { baudRate: 9600, flow: 'escb' },
} as const
const AXIDRAW_COMMON = {
  protocol: 'ebb',
  unitsPerMm: 80,
  axes: { x: 'right', y: 'down' },
  pens: 1,
  serial: { baudRate: 9600, flow: 'none' },
  speed: { draw: 50, travel: 150 },
  acceleration: 1000,
  pen: { up: 60, down: 30, rate: 150 },
} as const
const GRBL_COMMON = {
  protocol: 'gcode',
  unitsPerMm: 100,
  axes: { x: 'right', y: 'up' },
  pens: 1,
  papers: {
    A4: { ...A4, xMax: 29700, yMax: 21000 },
    Letter: { ...LETTER, xMax: 27940, yMax: 21590 },
  },
  serial: { baudRate: 115200, flow: 'none' },
  feed: { draw: 3000, travel: 6000 },
  acceleration: 500,
  buffer: 128,
} as const

const DATA: readonly unknown[] = [
  {
    ...HPGL_COMMON,
    id: 'hp7475a',
    name: 'HP 7475A',
    pens: 6,
    velocity: 38,
    buffer: 1024,
    acceleration: 19600,
    papers: {
      A4: { ...A4, xMax: 11040, yMax: 7721 },
      A3: { ...A3, xMax: 16158, yMax: 11040 },
    },
  },
  {
    ...HPGL_COMMON,
    id: 'hp7550a',
    name: 'HP 7550A',
    pens: 8,
    velocity: 60,
    buffer: 1024,
    acceleration: 39200,
    papers: {
      A4: { ...A4, xMax: 10870, yMax: 7600 },
      A3: { ...A3, xMax: 15970, yMax: 10870 },
    },
  },
  {
    ...HPGL_COMMON,
    id: 'roland-dxy',
    name: 'Roland DXY (1100/1200/1300)',
    pens: 8,
    velocity: 30,
    buffer: 512,
    acceleration: 9800,
    papers: {
      A4: { ...A4, xMax: 11040, yMax: 7721 },
      A3: { ...A3, xMax: 16158, yMax: 11040 },
    },
  },
  {
    ...AXIDRAW_COMMON,
    id: 'axidraw-v3',
    name: 'AxiDraw V3',
    papers: {
      A4: { ...A4, xMax: 23760, yMax: 16800 },
      Letter: { ...LETTER, xMax: 22352, yMax: 17272 },
    },
  },
  {
    ...AXIDRAW_COMMON,
    id: 'axidraw-v3-a3',
    name: 'AxiDraw V3/A3',
    papers: {
      A4: { ...A4, xMax: 23760, yMax: 16800 },
      A3: { ...A3, xMax: 33600, yMax: 23760 },
    },
  },
  {
    ...GRBL_COMMON,
    id: 'grbl-servo',
    name: 'GRBL pen plotter (servo pen: M3 S…/M5)',
    pen: { kind: 'servo', down: 'M3 S1000', up: 'M5', dwell: 150 },
  },
  {
    ...GRBL_COMMON,
    id: 'grbl-z',
    name: 'GRBL pen plotter (pen on the Z axis)',
    pen: { kind: 'z', down: 0, up: 5, feed: 1000 },
  },
]

/** Checked as a user's file is, so a slip here fails at load (and in the profile tests). */
export const BUNDLED_DEVICES: readonly DeviceProfile[] = DATA.map((d) =>
  deviceProfileSchema.parse(d),
)
