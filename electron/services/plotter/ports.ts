import { existsSync, readdirSync } from 'node:fs'
import { basename, delimiter, join } from 'node:path'

export interface PortInfo {
  path: string
  /** For a person choosing: the adapter's maker and serial number where known, else the name. */
  label: string
}

/**
 * The serial ports a plotter may be on. On Linux SerialPort.list() runs udevadm, and where there is
 * none (containers, minimal systems) the failed spawn is an uncaught error that ends the process,
 * beyond any catch: then the usual device names are listed instead.
 */
export async function listPorts(): Promise<PortInfo[]> {
  if (process.platform === 'linux' && !onPath('udevadm')) return devicePorts()
  const { SerialPort } = await import('serialport')
  const ports = await SerialPort.list()
  return ports.map((p) => ({
    path: p.path,
    label:
      [p.manufacturer, p.serialNumber && `serial ${p.serialNumber}`].filter(Boolean).join(', ') ||
      basename(p.path),
  }))
}

const SERIAL_NAME = /^tty(USB|ACM|S)\d+$/

/** USB adapters, modems and built-in ports under `dev`, and the stable names udev gives them. */
export function devicePorts(dev = '/dev'): PortInfo[] {
  const list = (dir: string) => {
    try {
      return readdirSync(dir).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    } catch {
      return []
    }
  }
  return [
    ...list(dev)
      .filter((name) => SERIAL_NAME.test(name))
      .map((name) => ({ path: join(dev, name), label: name })),
    ...list(join(dev, 'serial', 'by-id')).map((name) => ({
      path: join(dev, 'serial', 'by-id', name),
      label: name,
    })),
  ]
}

const PRINTER_NAME = /^lp\d+$/

/** Printer ports a plotter may hang on (raw devices: written to, nothing answers). */
export function printerDevices(dev = '/dev'): PortInfo[] {
  return [join(dev, 'usb'), dev].flatMap((dir) => {
    try {
      return readdirSync(dir)
        .filter((name) => PRINTER_NAME.test(name))
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
        .map((name) => ({ path: join(dir, name), label: name }))
    } catch {
      return []
    }
  })
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir && existsSync(join(dir, program)))
}
