import { existsSync } from 'node:fs'
import { join } from 'node:path'
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
