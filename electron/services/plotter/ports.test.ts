import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { devicePorts } from './ports'

describe('devicePorts', () => {
  it('lists USB, ACM and built-in serial ports in number order, then the stable names', () => {
    const dev = mkdtempSync(join(tmpdir(), 'pw-dev-'))
    onTestFinished(() => rmSync(dev, { recursive: true, force: true }))
    for (const name of ['ttyUSB10', 'ttyUSB2', 'ttyACM0', 'ttyS0', 'tty1', 'ttyUSB', 'sda', 'null'])
      writeFileSync(join(dev, name), '')
    mkdirSync(join(dev, 'serial', 'by-id'), { recursive: true })
    writeFileSync(join(dev, 'serial', 'by-id', 'usb-FTDI_FT232R_A5-if00-port0'), '')
    expect(devicePorts(dev)).toEqual([
      { path: join(dev, 'ttyACM0'), label: 'ttyACM0' },
      { path: join(dev, 'ttyS0'), label: 'ttyS0' },
      { path: join(dev, 'ttyUSB2'), label: 'ttyUSB2' },
      { path: join(dev, 'ttyUSB10'), label: 'ttyUSB10' },
      {
        path: join(dev, 'serial', 'by-id', 'usb-FTDI_FT232R_A5-if00-port0'),
        label: 'usb-FTDI_FT232R_A5-if00-port0',
      },
    ])
  })

  it('lists nothing where there is no such folder', () => {
    expect(devicePorts(join(tmpdir(), 'pw-no-such-dev'))).toEqual([])
  })
})
