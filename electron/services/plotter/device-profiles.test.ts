import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import { DEVICES_FILE, loadDevices } from './device-profiles'

const dir = mkdtempSync(join(tmpdir(), 'pw-devices-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the user devices file', () => {
  it('adds its devices to the bundled ones; without it, the bundled ones alone', () => {
    expect(loadDevices(join(dir, 'none'))).toEqual(BUNDLED_DEVICES)
    const hp = BUNDLED_DEVICES[0]
    writeFileSync(join(dir, DEVICES_FILE), JSON.stringify({ devices: [{ ...hp, id: 'my-hp' }] }))
    expect(loadDevices(dir).map((d) => d.id)).toEqual([
      ...BUNDLED_DEVICES.map((d) => d.id),
      'my-hp',
    ])
  })

  it('refuses a file that is not JSON, naming it and where', () => {
    writeFileSync(join(dir, DEVICES_FILE), '{ "devices": [ }')
    expect(() => loadDevices(dir)).toThrow(
      `${join(dir, DEVICES_FILE)}: line 1, column 16: not valid JSON (unexpected "}")`,
    )
  })
})
