import { mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { running, writeFileAtomic } from '../atomic-write'
import { readFileSyncChecked } from '../input-file'
import type { PortInfo } from './ports'

/**
 * Simulated plotters announce themselves to the workbench: `npm run plotter-sim` writes its line's
 * path into the `plotters` folder of the workbench's data folder while it runs, and the hosts offer
 * it in their list of ports. The host decides what it offers, not the page: an announcement counts
 * only while the process that wrote it lives and its line is a pseudo-terminal (where socat puts
 * the simulator), so a stale or planted file cannot turn the plot at another device or a file.
 */

/** The browser host's data folder when none is given, which the simulator announces into too. */
export const defaultDataDir = (): string =>
  resolve(
    process.env.PUZZLE_WORKBENCH_HOME ?? join(homedir(), '.local', 'share', 'puzzle-workbench'),
  )

export const plottersDir = (dataDir: string): string => join(dataDir, 'plotters')

const announcement = z.strictObject({
  path: z.string().min(1).max(4096),
  label: z.string().min(1).max(200),
  pid: z.number().int().positive(),
})

/** More files than any user runs simulators, and larger than any announcement: not read. */
const MOST_FILES = 32
const MOST_BYTES = 8192

/** Writes the announcement of a simulated plotter on `path`; returns what takes it back. */
export async function announcePlotter(
  dataDir: string,
  path: string,
  label: string,
): Promise<() => void> {
  const dir = plottersDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${process.pid}.json`)
  await writeFileAtomic(file, JSON.stringify({ path, label, pid: process.pid }) + '\n')
  return () => rmSync(file, { force: true })
}

/** The simulated plotters running now, as the port list shows them. */
export function announcedPlotters(dataDir: string): PortInfo[] {
  const dir = plottersDir(dataDir)
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => /^\d+\.json$/.test(n))
  } catch {
    return []
  }
  return names.slice(0, MOST_FILES).flatMap((name) => {
    try {
      const file = join(dir, name)
      const a = announcement.parse(JSON.parse(readFileSyncChecked(file, { maxBytes: MOST_BYTES })))
      if (!running(a.pid) || !isPseudoTerminal(a.path)) return []
      return [{ path: a.path, label: a.label }]
    } catch {
      // Half written, damaged, or its line gone: not offered.
      return []
    }
  })
}

/** Linux's and macOS's pseudo-terminals. */
const PSEUDO_TERMINAL = /^\/dev\/(pts\/\d+|ttys\d+)$/

function isPseudoTerminal(path: string): boolean {
  return PSEUDO_TERMINAL.test(realpathSync(path)) && statSync(path).isCharacterDevice()
}

/** The command that starts a simulated plotter this host offers (in `dataDir`). */
export function simulatorCommand(dataDir: string): string {
  return resolve(dataDir) === defaultDataDir()
    ? 'npm run plotter-sim'
    : `npm run plotter-sim -- --data ${shellWord(dataDir)}`
}

const shellWord = (s: string): string =>
  /^[\w./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`
