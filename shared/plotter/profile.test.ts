import { describe, expect, it } from 'vitest'
import { PLOTTERS } from '../hpgl/devices'
import { BUNDLED_DEVICES } from './bundled'
import { deviceById, parseDevicesFile } from './profile'

const grbl = BUNDLED_DEVICES.find((d) => d.id === 'grbl-servo')!

describe('device profiles', () => {
  it('bundles the HP-GL plotters as they were, the AxiDraw V3 (A4, A3) and two GRBL plotters', () => {
    expect(BUNDLED_DEVICES.map((d) => `${d.id}:${d.protocol}`)).toEqual([
      'hp7475a:hpgl',
      'hp7550a:hpgl',
      'roland-dxy:hpgl',
      'axidraw-v3:ebb',
      'axidraw-v3-a3:ebb',
      'grbl-servo:gcode',
      'grbl-z:gcode',
    ])
    const hp = PLOTTERS.find((d) => d.id === 'hp7475a')!
    expect(hp).toMatchObject({ unitsPerMm: 40, pens: 6, velocity: 38, buffer: 1024 })
    expect(hp.papers.A4).toMatchObject({ xMax: 11040, yMax: 7721 })
    expect(PLOTTERS.map((d) => d.id)).toEqual(['hp7475a', 'hp7550a', 'roland-dxy'])
  })

  it('takes a user file of its own devices beside the bundled ones', () => {
    const mine = { ...grbl, id: 'my-plotter', name: 'My plotter' }
    const devices = parseDevicesFile({ devices: [mine] }, 'devices.json', BUNDLED_DEVICES)
    expect(deviceById([...BUNDLED_DEVICES, ...devices], 'my-plotter', 'gcode').name).toBe(
      'My plotter',
    )
  })

  it('names the file and every bad field, one line each', () => {
    const bad = {
      devices: [
        {
          ...grbl,
          id: 'Bad Id',
          papers: { A4: { width: 297, height: 210, xMax: 'wide', yMax: 21000 } },
          feed: { draw: -1, travel: 6000 },
          pen: { kind: 'servo', down: 'M3 S1000' },
        },
        {
          ...grbl,
          id: 'too-far',
          papers: { A4: { width: 297, height: 210, xMax: 40000, yMax: 21000 } },
        },
        { ...grbl, id: 'laser', protocol: 'laser' },
      ],
    }
    let message = ''
    try {
      parseDevicesFile(bad, '/home/me/devices.json', BUNDLED_DEVICES)
    } catch (e) {
      message = (e as Error).message
    }
    const lines = message.split('\n')
    for (const field of [
      'devices[0].id',
      'devices[0].papers.A4.xMax',
      'devices[0].feed.draw',
      'devices[0].pen.up',
      'devices[0].pen.dwell',
      'devices[1].papers.A4.xMax',
      'devices[2].protocol',
    ]) {
      expect(lines.filter((l) => l.startsWith(`/home/me/devices.json: ${field}: `))).toHaveLength(1)
    }
    expect(message).toMatch(
      /devices\[1\]\.papers\.A4\.xMax: reaches 400\.0 mm, beyond the paper's 297 mm/,
    )
  })

  it('refuses a device that takes a bundled id, or two of one id', () => {
    expect(() => parseDevicesFile({ devices: [grbl] }, 'devices.json', BUNDLED_DEVICES)).toThrow(
      'devices.json: devices[0].id: "grbl-servo" is taken already',
    )
    const twin = { ...grbl, id: 'twin' }
    expect(() =>
      parseDevicesFile({ devices: [twin, twin] }, 'devices.json', BUNDLED_DEVICES),
    ).toThrow('devices.json: devices[1].id: "twin" is taken already')
  })

  it('says which devices speak the protocol asked for', () => {
    expect(() => deviceById(BUNDLED_DEVICES, 'hp7475a', 'gcode')).toThrow(
      'the HP 7475A speaks hpgl, not gcode; for gcode there are grbl-servo, grbl-z',
    )
    expect(() => deviceById(BUNDLED_DEVICES, 'nope', 'hpgl')).toThrow(
      'unknown device "nope"; for hpgl there are hp7475a, hp7550a, roland-dxy',
    )
  })
})
