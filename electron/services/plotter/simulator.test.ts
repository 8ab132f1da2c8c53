import { SerialPort } from 'serialport'
import { describe, expect, it, onTestFinished } from 'vitest'
import { plotterRig } from './test-rig'

/** The computer's end of the line, reading the plotter's answers one by one. */
async function computer(path: string) {
  const port = await new Promise<SerialPort>((resolve, reject) => {
    const p = new SerialPort({ path, baudRate: 9600 }, (e) => (e ? reject(e) : resolve(p)))
  })
  let received = ''
  port.on('data', (d: Buffer) => (received += d.toString('latin1')))
  port.on('error', () => {})
  onTestFinished(() => new Promise<void>((r) => port.close(() => r())))
  return {
    write: (text: string) => port.write(Buffer.from(text, 'latin1')),
    /** The next answer, without its CR. */
    answer: async () => {
      for (let waited = 0; !received.includes('\r'); waited += 5) {
        if (waited > 2000) throw new Error(`no answer (got ${JSON.stringify(received)})`)
        await new Promise((r) => setTimeout(r, 5))
      }
      const [line] = received.split('\r', 1)
      received = received.slice(line.length + 1)
      return line
    },
  }
}

describe('plotter simulator', () => {
  it('answers ESC.B with free space, OA once it gets to it, and ESC.E with the last error', async () => {
    const rig = await plotterRig({ bufferSize: 64 })
    onTestFinished(() => rig.close())
    const line = await computer(rig.port)
    line.write('\x1b.B')
    expect(await line.answer()).toBe('64')
    line.write('SP2;PU100,200;PD300,200;OA;')
    expect(await line.answer()).toBe('300,200,1')
    expect(rig.sim.segments).toEqual([{ pen: 2, from: [100, 200], to: [300, 200] }])
    line.write('\x1b.E')
    expect(await line.answer()).toBe('0')
  })

  it('loses what does not fit in its buffer, and reports it once', async () => {
    const rig = await plotterRig({ bufferSize: 64, instructionMs: 50 })
    onTestFinished(() => rig.close())
    const line = await computer(rig.port)
    line.write('PU0,0;'.repeat(20))
    line.write('\x1b.E\x1b.E')
    expect(await line.answer()).toBe('16')
    expect(await line.answer()).toBe('0')
    expect(rig.sim.overruns).toBe(120 - 64)
  })

  it('drops a partly received instruction on ESC.K', async () => {
    const rig = await plotterRig()
    onTestFinished(() => rig.close())
    const line = await computer(rig.port)
    // ESC.K drops the buffer too: let the plotter run the first instruction before.
    line.write('PU10,10;OA;PD400,2')
    expect(await line.answer()).toBe('10,10,0')
    line.write('\x1b.K')
    line.write('PU;OA;')
    expect(await line.answer()).toBe('10,10,0')
    expect(rig.sim.segments).toEqual([])
    expect(rig.sim.errors).toEqual([])
  })

  it('keeps its state while the line is down and takes it up again when it is back', async () => {
    const rig = await plotterRig()
    onTestFinished(() => rig.close())
    const first = await computer(rig.port)
    first.write('SP1;PU5,5;PD;OA;')
    expect(await first.answer()).toBe('5,5,1')
    await rig.unplug()
    await rig.plugIn()
    const second = await computer(rig.port)
    second.write('PD6,5;OA;')
    expect(await second.answer()).toBe('6,5,1')
    expect(rig.sim.segments).toEqual([{ pen: 1, from: [5, 5], to: [6, 5] }])
  })
})
