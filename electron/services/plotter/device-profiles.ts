import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { InputError } from '../../../shared/errors'
import { parseJson } from '../../../shared/formats/load'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import { parseDevicesFile, type DeviceProfile } from '../../../shared/plotter/profile'
import { readFileSyncChecked } from '../input-file'

/** The user's own device profiles live in this file of the settings (data) folder. */
export const DEVICES_FILE = 'devices.json'

/**
 * The bundled devices and the user's (`devices.json` in the settings folder, if there is one),
 * checked: a bad file is refused with one line per bad field, never half taken.
 */
export function loadDevices(settingsDir: string): DeviceProfile[] {
  const path = join(settingsDir, DEVICES_FILE)
  if (!existsSync(path)) return [...BUNDLED_DEVICES]
  const text = readFileSyncChecked(path, { what: 'devices file' })
  return [...BUNDLED_DEVICES, ...parseDevicesFile(parseJson(text, path), path, BUNDLED_DEVICES)]
}

/**
 * The devices for the app: a bad devices file leaves the bundled devices in use and says why, in
 * its first line (the rest counted), rather than leaving the app with no plotter at all.
 */
export function listDevices(settingsDir: string): { devices: DeviceProfile[]; error?: string } {
  try {
    return { devices: loadDevices(settingsDir) }
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    const [first, ...more] = e.message.split('\n')
    const rest = more.length > 0 ? ` (and ${more.length} more)` : ''
    return { devices: [...BUNDLED_DEVICES], error: `${first}${rest}` }
  }
}
