/**
 * A pen plotter to plot to without one: `npm run plotter-sim -- [--link /tmp/plotter]
 * [--buffer 256] [--speed 15240] [--data DIR]`. Puts a simulated HP 7475A at one end of a socat
 * null modem, prints the other end's path, announces it to the workbench whose data folder is DIR
 * (the browser host's by default), whose plot panel then offers it, and on Ctrl-C tells what it
 * drew.
 */
import { parseArgs } from 'node:util'
import { announcePlotter, defaultDataDir } from '../electron/services/plotter/announced'
import { PlotterSimulator } from '../electron/services/plotter/simulator'
import { NullModem } from '../electron/services/plotter/socat'

const { values } = parseArgs({
  options: {
    link: { type: 'string', default: '/tmp/plotter' },
    buffer: { type: 'string', default: '256' },
    speed: { type: 'string', default: '15240' },
    data: { type: 'string', default: defaultDataDir() },
  },
})
const bufferSize = Number(values.buffer)
const unitsPerSecond = Number(values.speed)
if (!Number.isInteger(bufferSize) || bufferSize < 16 || !(unitsPerSecond > 0)) {
  process.stderr.write(
    'usage: npm run plotter-sim -- [--link PATH] [--buffer BYTES (16 or more)] [--speed UNITS/S] [--data DIR]\n',
  )
  process.exit(1)
}

const modem = await NullModem.start(values.link, `${values.link}.plotter`)
const sim = await PlotterSimulator.start({ path: modem.b, bufferSize, unitsPerSecond })
const withdraw = await announcePlotter(
  values.data,
  values.link,
  `simulated HP 7475A (npm run plotter-sim, ${values.link})`,
)
process.once('exit', withdraw)
process.stdout.write(
  `A simulated HP 7475A (${bufferSize}-byte buffer) is on the line at ${values.link}\n` +
    `plot to it with: npm run -s cli -- plot FILE.hpgl --port ${values.link}\n` +
    `or in the workbench's plot panel (data folder ${values.data}), where it is listed\n` +
    'Ctrl-C to stop and see what it drew.\n',
)

process.once('SIGINT', () => {
  withdraw()
  const pens = new Map<number, { segments: number; length: number }>()
  for (const { pen, from, to } of sim.segments) {
    const p = pens.get(pen) ?? { segments: 0, length: 0 }
    p.segments++
    p.length += Math.hypot(to[0] - from[0], to[1] - from[1])
    pens.set(pen, p)
  }
  const lines = [...pens]
    .sort(([a], [b]) => a - b)
    // Plotter units are 0.025 mm.
    .map(([pen, p]) => `  pen ${pen}: ${p.segments} segments, ${(p.length / 40_000).toFixed(2)} m`)
  process.stdout.write(
    `\ndrew ${sim.segments.length} segments${lines.length ? ':\n' + lines.join('\n') : ''}\n` +
      `${sim.received} bytes received, ${sim.overruns} lost to buffer overruns\n` +
      (sim.errors.length ? `${sim.errors.length} HP-GL errors, first: ${sim.errors[0]}\n` : ''),
  )
  void sim.stop().then(() => modem.stop())
})

// Stopped from outside: the announcement and the line go with it.
process.once('SIGTERM', () => {
  withdraw()
  void sim
    .stop()
    .then(() => modem.stop())
    .finally(() => process.exit(143))
})
