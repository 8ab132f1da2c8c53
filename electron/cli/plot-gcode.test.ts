import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { GcodeInterpreter } from '../../shared/gcode/parse'
import { BUNDLED_DEVICES } from '../../shared/plotter/bundled'
import { deviceById } from '../../shared/plotter/profile'
import { grblRig } from '../services/plotter/test-rig'
import { startCli } from './start-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-cli-gcode-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const device = deviceById(BUNDLED_DEVICES, 'grbl-z', 'gcode')

/** A G-code drawing of `n` squares, pen on the Z axis, with comments GRBL need not get. */
function squares(n: number): string {
  const out = ['; squares', 'G21', 'G90 (absolute)', 'G1 Z5 F1000']
  for (let i = 0; i < n; i++) {
    const [x, y] = [10 + (i % 10) * 12, 10 + Math.floor(i / 10) * 12]
    out.push(`G1 X${x} Y${y} F6000`, 'G1 Z0 F1000')
    for (const [dx, dy] of [
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ])
      out.push(`G1 X${x + dx} Y${y + dy} F3000`)
    out.push('G1 Z5 F1000')
  }
  return out.join('\n') + '\n'
}

/** A GRBL rig (closed when the test ends) and a file of `n` squares, `name`, to plot on it. */
async function squaresOn(n: number, name: string, speedUp: number) {
  const rig = await grblRig({ device, speedUp })
  onTestFinished(() => rig.close())
  const text = squares(n)
  const path = join(tmp, name)
  writeFileSync(path, text)
  return { rig, text, path }
}

/** What GRBL draws of a G-code text. */
function drawnBy(text: string) {
  const g = new GcodeInterpreter(device)
  for (const line of text.split('\n')) g.run(line)
  return g.segments
}

describe('plot command, G-code', () => {
  it('streams a G-code file to GRBL on a serial port: every line once, drawn as the file says', async () => {
    const { rig, text, path } = await squaresOn(30, 'squares.gcode', 5000)
    const r = await startCli('plot', path, '--port', rig.port, '--profile', 'grbl-z').done
    expect(r.out).toMatch(/^squares\.gcode: plotted 213 lines in \d+\.\d s\n$/)
    expect(r.code).toBe(0)
    expect(rig.sim.segments).toEqual(drawnBy(text))
    expect(rig.sim.overruns).toBe(0)
    // No comments took room in its buffer.
    expect(rig.sim.lines.some((l) => l.includes(';') || l.includes('('))).toBe(false)
  })

  it('waits for Enter at each new pen, or goes on with --no-pen-change', async () => {
    const [first, second] = [squares(3), squares(5)]
    const text = `${first}M0\n${second}`
    const path = join(tmp, 'layers.gcode')
    writeFileSync(path, text)
    const layer = (t: string) => {
      const g = new GcodeInterpreter(device)
      for (const line of t.split('\n')) g.run(line)
      return g.segments.length
    }

    const rig = await grblRig({ device, speedUp: 5000 })
    onTestFinished(() => rig.close())
    const run = startCli('plot', path, '--port', rig.port, '--profile', 'grbl-z')
    while (!run.result.err.includes('press Enter')) await new Promise((r) => setTimeout(r, 20))
    expect(run.result.err).toContain('layers.gcode: layer 2 of 2: put its pen in and press Enter\n')
    for (let waited = 0; !rig.sim.holding; waited += 20) {
      if (waited > 10_000) throw new Error('the plotter never held at the M0')
      await new Promise((r) => setTimeout(r, 20))
    }
    await new Promise((r) => setTimeout(r, 100))
    expect(rig.sim.segments).toHaveLength(layer(first))
    run.child.stdin.write('\n')
    const r = await run.done
    expect(r.code).toBe(0)
    expect(rig.sim.segments).toHaveLength(layer(first) + layer(second))

    const rig2 = await grblRig({ device, speedUp: 5000 })
    onTestFinished(() => rig2.close())
    const r2 = await startCli(
      'plot',
      path,
      '--port',
      rig2.port,
      '--profile',
      'grbl-z',
      '--no-pen-change',
    ).done
    expect(r2.code).toBe(0)
    expect(r2.err).toContain('layers.gcode: layer 2 of 2, same pen\n')
    expect(rig2.sim.segments).toHaveLength(layer(first) + layer(second))
  })

  it('cancels on Ctrl-C (feed hold, reset, pen up) saying how to go on, and goes on with --from', async () => {
    const { rig, text, path } = await squaresOn(20, 'cancelled.gcode', 20)
    const run = startCli('plot', path, '--port', rig.port, '--profile', 'grbl-z')
    while (rig.sim.segments.length < 3) await new Promise((r) => setTimeout(r, 5))
    run.child.kill('SIGINT')
    const r = await run.done
    expect(r.code).toBe(130)
    const said =
      /^cancelled\.gcode: cancelled at line (\d+) of \d+; pen lifted; to go on from there, run the same command with --from (\S+)\n$/.exec(
        r.out,
      )
    expect(said, r.out).not.toBeNull()
    expect(said![2].split('@')[0]).toBe(said![1])
    expect(rig.sim.penDown).toBe(false)
    const again = await startCli(
      'plot',
      path,
      '--port',
      rig.port,
      '--profile',
      'grbl-z',
      '--from',
      said![2],
    ).done
    expect(again.out).toMatch(/^cancelled\.gcode: plotted \d+ lines in \d+\.\d s\n$/)
    // Both runs together: every segment of the file once, in its order.
    expect(rig.sim.segments).toEqual(drawnBy(text))
  })

  it('says on --dry-run how long a plot takes, opening no port', async () => {
    const path = join(tmp, 'tiny.gcode')
    const program = ['G21', 'G90', 'M5', 'G4 P0.15', 'G1 X100 Y0 F6000', 'M3 S1000', 'G4 P0.15']
    writeFileSync(path, [...program, 'G1 X100 Y10 F3000', 'M5', ''].join('\n'))
    const r = await startCli('plot', path, '--dry-run').done
    expect(r.out).toBe(
      'tiny.gcode: about 2 s on the GRBL pen plotter (servo pen: M3 S…/M5) (pen down 0.01 m, pen up 0.10 m, 1 stroke)\n',
    )
    const hpgl = join(tmp, 'line.hpgl')
    writeFileSync(hpgl, 'IN;SP1;PU0,0;PD40000,0;PU;SP0;')
    const h = await startCli('plot', hpgl, '--dry-run', '--profile', 'hp7550a').done
    // 1 m at the 7550A's 60 cm/s and 4 g: 1.67 s and 0.015 s of ramps.
    expect(h.out).toBe(
      'line.hpgl: about 2 s on the HP 7550A (pen down 1.00 m, pen up 0.00 m, 1 stroke)\n',
    )
  })

  it('says a missing port, and a profile that is no G-code device, in one line', async () => {
    const path = join(tmp, 'one.gcode')
    writeFileSync(path, 'G21\n')
    const noPort = await startCli('plot', path).done
    expect(noPort.err).toBe('error: give --port PATH: the serial port GRBL is on\n')
    const hp = await startCli('plot', path, '--port', '/dev/null', '--profile', 'hp7475a').done
    expect(hp.err).toMatch(
      /^error: the HP 7475A speaks hpgl, not gcode; for gcode there are grbl-servo, grbl-z/,
    )
  })
})
