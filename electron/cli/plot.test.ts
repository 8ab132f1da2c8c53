import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { interpretHpgl, parseHpgl } from '../../shared/hpgl/parse'
import { plotterRig, testDrawing } from '../services/plotter/test-rig'
import { startCli } from './start-cli'

const cli = (...args: string[]) => startCli(...args).done

const tmp = mkdtempSync(join(tmpdir(), 'pw-cli-plot-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const file = (name: string, content: string) => {
  const path = join(tmp, name)
  writeFileSync(path, content)
  return path
}

describe('plot command', () => {
  it('plots an HPGL file on a plotter at the end of a serial line', async () => {
    const rig = await plotterRig()
    onTestFinished(() => rig.close())
    const hpgl = testDrawing(20)
    const r = await cli('plot', file('drawing.hpgl', hpgl), '--port', rig.port, '--baud', '9600')
    expect(r.err).toBe(`sending to ${rig.port}\n`)
    expect(r.out).toMatch(/^drawing\.hpgl: plotted \d+ instructions in \d+\.\d s\n$/)
    expect(r.code).toBe(0)
    await rig.sim.idle()
    expect(rig.sim.overruns).toBe(0)
    expect(rig.sim.segments).toEqual(interpretHpgl(parseHpgl(hpgl)).segments)
  })

  it('cancels on Ctrl-C, leaving the pen up and put away, and goes on from there with --from', async () => {
    const rig = await plotterRig({ unitsPerSecond: 100_000 })
    onTestFinished(() => rig.close())
    const hpgl = testDrawing(20)
    const path = file('slow.hpgl', hpgl)
    const run = startCli('plot', path, '--port', rig.port)
    while (rig.sim.segments.length === 0) await new Promise((r) => setTimeout(r, 5))
    run.child.kill('SIGINT')
    const r = await run.done
    expect(r.code).toBe(130)
    const said =
      /^slow\.hpgl: cancelled at instruction (\d+) of \d+; the pen is lifted and put away; to go on from there, run the same command with --from (\S+)\n$/.exec(
        r.out,
      )
    expect(said, r.out).not.toBeNull()
    expect(said![2].split('@')[0]).toBe(said![1])
    await rig.sim.idle()
    expect(rig.sim.pen).toMatchObject({ down: false, pen: 0 })
    const drawn = rig.sim.segments.length
    const again = await cli('plot', path, '--port', rig.port, '--from', said![2])
    expect(again.out).toMatch(/^slow\.hpgl: plotted \d+ instructions in \d+\.\d s\n$/)
    await rig.sim.idle()
    // Both runs together: the drawing, every segment once.
    expect(drawn).toBeLessThan(rig.sim.segments.length)
    expect(rig.sim.segments).toEqual(interpretHpgl(parseHpgl(hpgl)).segments)
  })

  it('names the file, and the line and column, in its errors', async () => {
    const missing = await cli('plot', join(tmp, 'nope.hpgl'), '--port', '/dev/null')
    expect(missing.code).toBe(1)
    expect(missing.err).toBe(`error: ${join(tmp, 'nope.hpgl')}: no such HPGL file\n`)
    const bad = await cli(
      'plot',
      file('bad.hpgl', 'IN;\nPU 10,20;\n  30,40;'),
      '--device',
      '/dev/null',
    )
    expect(bad.err).toBe(
      'error: bad.hpgl: line 3, column 3: a number with no instruction before it\n',
    )
    const neither = await cli('plot', file('ok.hpgl', 'IN;'))
    expect(neither.err).toMatch(/^error: give --port PATH \(a serial port\) or --device PATH/)
    const flow = await cli('plot', file('ok.hpgl', 'IN;'), '--port', '/dev/null', '--flow', 'dtr')
    expect(flow.err).toBe('error: --flow must be escb, rtscts, xonxoff, not "dtr"\n')
    const from = await cli('plot', file('ok.hpgl', 'IN;'), '--port', '/dev/null', '--from', '0')
    expect(from.err).toBe(
      'error: --from must be the point a cancelled plot gave to go on from (such as 120 or 120@5031,-2210), not "0"\n',
    )
    const short = file('short.hpgl', 'IN;PU0,0;PD10,10;')
    const beyond = await cli('plot', short, '--port', '/dev/null', '--from', '9')
    expect(beyond.err).toBe(
      'error: short.hpgl: cannot go on from instruction 9: the plot has 3 instructions\n',
    )
  })
})
