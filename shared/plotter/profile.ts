import { z } from 'zod'
import { InputError } from '../errors'

/**
 * Plotters and cutters as data (issue 27, point 1; vpype's lesson): one profile per device, for
 * every protocol the workbench speaks. Coordinates are device units (`unitsPerMm` a mm: HP-GL
 * plotter units, EBB motor steps, or the resolution G-code coordinates are written in) counted
 * from the origin, the corner of the drawable range where both are least; `axes` say which way
 * they grow on the paper as it lies in the device (x along its long side). Users add their own in
 * `devices.json` in the settings folder (`electron/services/plotter/device-profiles.ts`).
 */

const id = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be 1–40 lower-case letters, digits and dashes')
const positive = z.number().positive()

/** A paper the device takes: its size in mm and the range the pen reaches on it, in units. */
const paperSchema = z.strictObject({
  width: positive.max(5000),
  height: positive.max(5000),
  xMax: z.number().int().positive(),
  yMax: z.number().int().positive(),
})

const serialSchema = z.strictObject({
  baudRate: z.number().int().min(110).max(4_000_000),
  flow: z.enum(['none', 'escb', 'rtscts', 'xonxoff']),
})

const common = {
  id,
  name: z.string().min(1).max(80),
  unitsPerMm: positive.max(10_000),
  axes: z.strictObject({ x: z.enum(['right', 'left']), y: z.enum(['up', 'down']) }),
  pens: z.number().int().min(1).max(64),
  papers: z
    .record(z.string().min(1).max(20), paperSchema)
    .refine((p) => Object.keys(p).length > 0, 'must name at least one paper'),
  serial: serialSchema,
}

const hpglSchema = z.strictObject({
  ...common,
  protocol: z.literal('hpgl'),
  /** Default pen speed for VS, in cm/s. */
  velocity: z.number().int().min(1).max(128),
  /** Input buffer in bytes, for the ESC.B flow control default. */
  buffer: z
    .number()
    .int()
    .min(64)
    .max(1 << 20),
  /** mm/s², for the plot time. */
  acceleration: positive.max(100_000),
})

/** The pen on a servo (commands sent as they are) or on the Z axis (heights in mm). */
const gcodePenSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('servo'),
    down: z.string().min(1).max(80),
    up: z.string().min(1).max(80),
    /** Time the servo takes to move, in ms (a G4 dwell after each change). */
    dwell: z.number().min(0).max(5000),
  }),
  z.strictObject({
    kind: z.literal('z'),
    down: z.number().min(-100).max(100),
    up: z.number().min(-100).max(100),
    /** Z feed in mm/min. */
    feed: positive.max(100_000),
  }),
])

const gcodeSchema = z.strictObject({
  ...common,
  protocol: z.literal('gcode'),
  /** Feed rates in mm/min: drawing (G1) and travelling lifted (G0 goes at the machine's own rate, G1 at this). */
  feed: z.strictObject({ draw: positive.max(100_000), travel: positive.max(100_000) }),
  /** mm/s², as configured in GRBL's $120/$121: for the plot time. */
  acceleration: positive.max(100_000),
  pen: gcodePenSchema,
  /** GRBL's serial receive buffer in bytes (128 on the Arduino builds). */
  buffer: z
    .number()
    .int()
    .min(16)
    .max(1 << 16),
})

const ebbSchema = z.strictObject({
  ...common,
  protocol: z.literal('ebb'),
  /** mm/s: pen down and pen up. */
  speed: z.strictObject({ draw: positive.max(1000), travel: positive.max(1000) }),
  /** mm/s² */
  acceleration: positive.max(100_000),
  /** Servo positions in percent of its range, and its rate. */
  pen: z.strictObject({
    up: z.number().min(0).max(100),
    down: z.number().min(0).max(100),
    rate: z.number().int().min(1).max(65535),
  }),
})

export const deviceProfileSchema = z
  .discriminatedUnion('protocol', [hpglSchema, gcodeSchema, ebbSchema])
  .superRefine((d, ctx) => {
    for (const [name, p] of Object.entries(d.papers)) {
      // Landscape: x along the long side. A range past the paper would draw on the platen.
      const [long, short] = [Math.max(p.width, p.height), Math.min(p.width, p.height)]
      for (const [axis, units, mm] of [
        ['xMax', p.xMax, long],
        ['yMax', p.yMax, short],
      ] as const) {
        if (units / d.unitsPerMm > mm + 0.01) {
          ctx.addIssue({
            code: 'custom',
            path: ['papers', name, axis],
            message: `reaches ${(units / d.unitsPerMm).toFixed(1)} mm, beyond the paper's ${mm} mm`,
          })
        }
      }
    }
  })
export type DeviceProfile = z.infer<typeof deviceProfileSchema>
export type HpglProfile = z.infer<typeof hpglSchema>
export type GcodeProfile = z.infer<typeof gcodeSchema>
export type EbbProfile = z.infer<typeof ebbSchema>
export type Protocol = DeviceProfile['protocol']

/** A devices file: `{ "devices": [ profile, … ] }`. */
export const devicesFileSchema = z.strictObject({
  devices: z.array(deviceProfileSchema).max(200),
})

/** zod's path as a reader writes it: devices[1].papers.A4.xMax. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`))
    .join('')
}

/**
 * The profiles of a devices file, checked: one line per bad field, each naming the file and the
 * field; two profiles of one id, or one taking a bundled id, refused by name.
 */
export function parseDevicesFile(
  json: unknown,
  file: string,
  bundled: readonly DeviceProfile[],
): DeviceProfile[] {
  const parsed = devicesFileSchema.safeParse(json)
  if (!parsed.success) {
    throw new InputError(
      parsed.error.issues
        .map((i) => {
          // zod says "expected number, received undefined" of a field left out.
          const message = i.message.replace(
            /^Invalid input: (expected .*), received undefined$/,
            'missing ($1)',
          )
          return `${file}: ${fieldPath(i.path) || 'the file'}: ${message}`
        })
        .join('\n'),
    )
  }
  const seen = new Set(bundled.map((d) => d.id))
  const problems: string[] = []
  parsed.data.devices.forEach((d, i) => {
    if (seen.has(d.id)) problems.push(`${file}: devices[${i}].id: "${d.id}" is taken already`)
    seen.add(d.id)
  })
  if (problems.length > 0) throw new InputError(problems.join('\n'))
  return parsed.data.devices
}

/** The device of that id among `devices`, which must speak `protocol`. */
export function deviceById<P extends Protocol>(
  devices: readonly DeviceProfile[],
  id: string,
  protocol: P,
): Extract<DeviceProfile, { protocol: P }> {
  const speaking = devices.filter(
    (d): d is Extract<DeviceProfile, { protocol: P }> => d.protocol === protocol,
  )
  const known = speaking.map((d) => d.id).join(', ')
  const d = devices.find((x) => x.id === id)
  if (!d) throw new InputError(`unknown device "${id}"; for ${protocol} there are ${known}`)
  if (d.protocol !== protocol) {
    throw new InputError(
      `the ${d.name} speaks ${d.protocol}, not ${protocol}; for ${protocol} there are ${known}`,
    )
  }
  return d as Extract<DeviceProfile, { protocol: P }>
}
