import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { ebbProgram, hpglOnEbb } from '../../shared/ebb/write'
import { interpretHpgl, parseHpgl } from '../../shared/hpgl/parse'
import { BUNDLED_DEVICES } from '../../shared/plotter/bundled'
import { durationText } from '../../shared/plotter/plot-time'
import { deviceById } from '../../shared/plotter/profile'
import { programTime } from '../services/plotter/program-time'
import { ebbRig, testDrawing } from '../services/plotter/test-rig'
import { startCli } from './start-cli'

const cli = (...args: string[]) => startCli(...args).done
const axidraw = deviceById(BUNDLED_DEVICES, 'axidraw-v3', 'ebb')

const tmp = mkdtempSync(join(tmpdir(), 'pw-cli-ebb-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const file = (name: string, content: string) => {
  const path = join(tmp, name)
  writeFileSync(path, content)
  return path
}

describe('plot on an AxiDraw (EBB)', () => {
  const hpgl = testDrawing(12)
  const { paths } = hpglOnEbb(interpretHpgl(parseHpgl(hpgl)), axidraw)

  it('plots an HPGL file at its true size with --profile axidraw-v3, LM on new firmware', async () => {
    const rig = await ebbRig({ speedUp: 1000 })
    onTestFinished(() => rig.close())
    const r = await cli(
      'plot',
      file('drawing.hpgl', hpgl),
      '--profile',
      'axidraw-v3',
      '--port',
      rig.port,
      '--no-pen-change',
    )
    expect(r.err).toBe(
      `sending to ${rig.port} (EBB 2.8.1, LM moves)\ndrawing.hpgl: layer 2 of 3, same pen\ndrawing.hpgl: layer 3 of 3, same pen\n`,
    )
    expect(r.out).toMatch(/^drawing\.hpgl: plotted \d+ instructions in \d+\.\d s\n$/)
    expect(r.code).toBe(0)
    const program = ebbProgram(paths, axidraw, true)
    // Its own questions aside (the version, whether the motors stand still), the program, once.
    expect(rig.sim.commands[0]).toBe('V')
    const sent = rig.sim.commands.filter((c) => c !== 'V' && c !== 'QM')
    expect(sent).toEqual(program.steps.map((s) => s.text))
    expect(rig.sim.segments.length).toBeGreaterThan(40)
    expect(rig.sim.at).toEqual([0, 0])
  })

  it('plots the file a pen after another, waiting for Enter at each new pen', async () => {
    const rig = await ebbRig({ speedUp: 1000 })
    onTestFinished(() => rig.close())
    const program = ebbProgram(paths, axidraw, true)
    // Pen-down moves up to each step.
    const downTo = (end: number) =>
      program.steps.slice(0, end).filter((s, i, all) => {
        const from = i === 0 ? program.start.position : all[i - 1].after.position
        return s.after.down && `${s.after.position}` !== `${from}`
      }).length
    const run = startCli(
      'plot',
      file('pens.hpgl', hpgl),
      '--profile',
      'axidraw-v3',
      '--port',
      rig.port,
    )
    for (const [i, layer] of ['2 of 3', '3 of 3'].entries()) {
      const prompt = `pens.hpgl: layer ${layer}: put its pen in and press Enter\n`
      for (let waited = 0; !run.result.err.includes(prompt); waited += 20) {
        if (waited > 20_000) throw new Error(`no prompt for layer ${layer}: ${run.result.err}`)
        await new Promise((r) => setTimeout(r, 20))
      }
      await new Promise((r) => setTimeout(r, 100))
      // The layers before drawn, and nothing more while it waits.
      expect(rig.sim.segments).toHaveLength(downTo(program.penChanges[i]))
      expect(rig.sim.penUp).toBe(true)
      run.child.stdin.write('\n')
    }
    const r = await run.done
    expect(r.code).toBe(0)
    expect(rig.sim.segments).toHaveLength(downTo(program.steps.length))
  })

  it('cancels on Ctrl-C: the board stops, the pen is lifted, the carriage parked', async () => {
    const rig = await ebbRig({ speedUp: 20 })
    onTestFinished(() => rig.close())
    const run = startCli(
      'plot',
      file('slow.hpgl', hpgl),
      '--profile',
      'axidraw-v3',
      '--port',
      rig.port,
    )
    while (rig.sim.penUp) await new Promise((r) => setTimeout(r, 20))
    run.child.kill('SIGINT')
    const r = await run.done
    expect(r.code).toBe(130)
    // And how to go on: from the command it stopped at, and where, if in the middle of its move.
    expect(r.out).toMatch(
      /^slow\.hpgl: cancelled at command (\d+) of \d+; the pen is lifted and the carriage parked; to go on from there, run the same command with --from \1(@\d+,\d+)?\n$/,
    )
    expect(rig.sim.commands).toContain('ES')
    expect(rig.sim.penUp).toBe(true)
    expect(rig.sim.at).toEqual([0, 0])
    expect(rig.sim.motorsOn).toBe(false)
  })

  it('says with --dry-run how long it takes, as the plot time of its program', async () => {
    const r = await cli('plot', file('drawing.hpgl', hpgl), '--profile', 'axidraw-v3', '--dry-run')
    const text = ebbProgram(paths, axidraw, false)
      .steps.map((s) => s.text)
      .join('\n')
    const t = programTime(text, axidraw)
    expect(t.seconds).toBeGreaterThan(10)
    expect(r.out).toBe(
      `drawing.hpgl: about ${durationText(t.seconds)} on the AxiDraw V3 (pen down ${(t.penDown / 1000).toFixed(2)} m, pen up ${(t.penUp / 1000).toFixed(2)} m, ${t.strokes} strokes)\n`,
    )
  })

  it('refuses a drawing larger than the paper, and a raw device, in a line', async () => {
    const big = await cli(
      'plot',
      file('big.hpgl', 'IN;PU0,0;PD20000,0;PU;'),
      '--profile',
      'axidraw-v3',
      '--dry-run',
    )
    expect(big.err).toBe(
      'error: big.hpgl: the drawing is 500.0 × 0.0 mm, more than the AxiDraw V3 reaches on A4 (297.0 × 210.0 mm)\n',
    )
    const raw = await cli(
      'plot',
      file('ok.hpgl', hpgl),
      '--profile',
      'axidraw-v3',
      '--device',
      '/dev/null',
    )
    expect(raw.err).toBe(
      'error: --device and --flow are for HPGL plotters; an AxiDraw goes to --port\n',
    )
  })
})
