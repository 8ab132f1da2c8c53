import { constants } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { PlotFailure, PlotJob, type PlotUpdate } from './driver'
import type { PlotProgram } from './plot-program'

/**
 * Plots by writing the program to a device (a USB or parallel printer port, a serial port set up
 * beforehand: the device holds back what it cannot take, and nothing answers) or to a file that
 * can be sent later. Pause stops writing; cancel ends the output with the pen lifted and put away.
 */

export interface DeviceTarget {
  kind: 'device'
  path: string
}

export interface FileTarget {
  kind: 'file'
  path: string
}

/** Bytes per write: progress moves in steps of this. */
const WRITE_BYTES = 1024

export class StreamPlotJob extends PlotJob {
  constructor(
    program: PlotProgram,
    private readonly target: DeviceTarget | FileTarget,
    listener: (u: PlotUpdate) => void,
  ) {
    super(program, listener)
    // A device takes what it is sent; whether it plotted it, nothing tells.
    this.doneVerb = target.kind === 'file' ? 'wrote' : 'sent'
  }

  protected async run(): Promise<'done' | 'cancelled'> {
    const { kind, path } = this.target
    let out: FileHandle
    try {
      // A device is never created: a mistyped path must not become a file.
      out = await open(path, kind === 'file' ? 'w' : constants.O_WRONLY | constants.O_NOCTTY)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      throw new PlotFailure(
        code === 'ENOENT' && kind === 'device'
          ? `${path}: no such device`
          : `cannot open ${path}: ${(e as Error).message}`,
      )
    }
    // What was opened, not what the path named when it was checked, must be a device.
    if (kind === 'device' && !(await out.stat()).isCharacterDevice()) {
      await out.close()
      throw new PlotFailure(`${path}: not a device`)
    }
    const write = async (text: string) => {
      try {
        await out.write(Buffer.from(text, 'latin1'))
      } catch (e) {
        throw new PlotFailure(`writing to ${path} failed: ${(e as Error).message}`)
      }
    }
    try {
      this.going(`writing to ${path}`)
      const steps = this.program.steps
      while (this.next < steps.length) {
        await this.gate()
        if (this.cancelled) {
          await write('PU;SP0;')
          return 'cancelled'
        }
        let end = this.next
        let text = ''
        while (
          end < steps.length &&
          (text === '' || text.length + steps[end].text.length <= WRITE_BYTES)
        )
          text += steps[end++].text
        this.sent = end
        await write(text)
        this.next = end
        this.progress()
      }
      return 'done'
    } finally {
      await out.close()
    }
  }
}
