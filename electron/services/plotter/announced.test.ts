import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { announcedPlotters, announcePlotter, plottersDir, simulatorCommand } from './announced'
import { NullModem } from './socat'

const data = mkdtempSync(join(tmpdir(), 'pw-announced-'))
afterAll(() => rmSync(data, { recursive: true, force: true }))

describe('simulated plotters announced in the data folder', () => {
  it('are offered while their process runs and their line is a pseudo-terminal, no longer', async () => {
    const modem = await NullModem.start(join(data, 'computer'), join(data, 'plotter'))
    try {
      const withdraw = await announcePlotter(data, join(data, 'computer'), 'simulated HP 7475A')
      expect(announcedPlotters(data)).toEqual([
        { path: join(data, 'computer'), label: 'simulated HP 7475A' },
      ])
      withdraw()
      expect(announcedPlotters(data)).toEqual([])
    } finally {
      await modem.stop()
    }
  })

  it('offers no planted file: another device, a plain file, a process gone, a damaged file', () => {
    const dir = plottersDir(data)
    mkdirSync(dir, { recursive: true })
    const plain = join(data, 'precious.txt')
    writeFileSync(plain, 'x')
    const plant = (name: string, body: object | string) =>
      writeFileSync(join(dir, name), typeof body === 'string' ? body : JSON.stringify(body))
    plant(`${process.pid}.json`, { path: '/dev/null', label: 'null', pid: process.pid })
    plant('1.json', { path: plain, label: 'file', pid: process.pid })
    plant('2147483646.json', { path: '/dev/ptmx', label: 'gone', pid: 2147483646 })
    plant('3.json', '{"path":')
    expect(announcedPlotters(data)).toEqual([])
  })

  it('says how to start one for this data folder', () => {
    expect(simulatorCommand(data)).toBe(`npm run plotter-sim -- --data ${data}`)
    expect(simulatorCommand("/tmp/it's here")).toBe(
      `npm run plotter-sim -- --data '/tmp/it'\\''s here'`,
    )
  })
})
