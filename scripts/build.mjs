// The build in out/ (electron-vite's three: main with the workers, the browser host and the CLI;
// preload; renderer), each made again only when its sources changed. A fingerprint of a target's
// inputs (every file's path, size and modification time) is kept in its output folder, so a start
// with unchanged sources costs a few hundred file dates, and a build that failed half-way (which
// empties the folder first) leaves no fingerprint behind.
//
// `node scripts/build.mjs [target…]` builds the stale targets (all by default); the CLI, `npm run
// web` and `npm start` call ensureBuilt first, which runs this script only when something is stale.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SELF = fileURLToPath(import.meta.url)

/** What each build reads besides the files every build reads. */
const INPUTS = {
  main: ['electron', 'shared', 'resources'],
  preload: ['electron/preload', 'shared'],
  renderer: ['renderer', 'shared', 'resources'],
}
const COMMON = ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json']
export const TARGETS = Object.keys(INPUTS)

const stampFile = (target) => join(ROOT, 'out', target, '.inputs')

/**
 * Every input file's path, size and modification time, a line each; tests are no input. Kept as
 * the text itself, not a hash of it: comparing a few kilobytes is cheaper than loading a hash
 * function, and this runs at every start of the command line.
 */
export function fingerprint(target) {
  const lines = []
  const visit = (path) => {
    const st = statSync(path, { throwIfNoEntry: false })
    if (st?.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name))
    } else if (!/\.test\.ts$/.test(path)) {
      lines.push(`${relative(ROOT, path)}\t${st ? `${st.size}\t${st.mtimeMs}` : '-'}`)
    }
  }
  for (const input of [...COMMON, ...INPUTS[target]]) visit(join(ROOT, input))
  return lines.join('\n') + '\n'
}

const stamped = (target) => {
  try {
    return readFileSync(stampFile(target), 'utf8')
  } catch {
    return undefined
  }
}

/** The targets whose build is missing or older than their sources. */
export function staleTargets(targets = TARGETS) {
  return targets.filter((t) => stamped(t) !== fingerprint(t))
}

/**
 * Builds what is stale of `targets`, in a separate process (vite stays out of the caller's
 * memory, environment and start-up), which reports a failure itself. Returns whether all is built.
 */
export async function ensureBuilt(targets = TARGETS) {
  if (staleTargets(targets).length === 0) return true
  // Loaded only when there is something to build.
  const { spawnSync } = await import('node:child_process')
  const r = spawnSync(process.execPath, [SELF, ...targets], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (r.error) process.stderr.write(`error: cannot run the build (${r.error.message})\n`)
  return r.status === 0
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return e.code === 'EPERM'
  }
}

/**
 * Runs `fn` while no other build runs: several commands started at once after an edit (shards
 * of a count, say) would otherwise build into the same folder together. A lock left by a killed
 * build is taken over.
 */
async function exclusively(fn) {
  const lock = join(ROOT, 'out', '.build-lock')
  mkdirSync(dirname(lock), { recursive: true })
  const parent = process.ppid
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      break
    } catch (e) {
      if (e.code !== 'EEXIST') throw e
    }
    if (abandoned(lock)) rmSync(lock, { force: true })
    // Nobody waits for this build any more (the command that wanted it was stopped).
    else if (process.ppid !== parent) process.exit(1)
    else await sleep(100)
  }
  try {
    return await fn()
  } finally {
    rmSync(lock, { force: true })
  }
}

/** Whether the process that wrote the lock is gone (or died before it could write its pid). */
function abandoned(lock) {
  try {
    const holder = Number(readFileSync(lock, 'utf8'))
    if (holder > 0) return !alive(holder)
    return Date.now() - statSync(lock).mtimeMs > 5000
  } catch {
    return false
  }
}

async function build(targets) {
  // On stderr, terminal or not: a start that takes half a minute longer says why, in a log too.
  const say = (line) => process.stderr.write(line)
  // Up to date: nothing to lock or write (a checkout may be read-only to whoever runs it).
  if (staleTargets(targets).length === 0) return
  await exclusively(async () => {
    // Another process may have built them while this one waited for the lock.
    const stale = staleTargets(targets)
    if (stale.length === 0) return
    const t0 = performance.now()
    say(`building ${stale.join(' and ')}: the sources changed…\n`)
    process.env.NODE_ENV_ELECTRON_VITE = 'production'
    const [{ resolveConfig }, vite] = await Promise.all([import('electron-vite'), import('vite')])
    const { config } = await resolveConfig({ logLevel: 'warn' }, 'build', 'production')
    for (const target of stale) {
      // Taken before building: an edit made during the build makes the next start build again.
      const inputs = fingerprint(target)
      await vite.build(config[target])
      writeFileSync(stampFile(target), inputs)
    }
    say(`built in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`)
  })
}

if (process.argv[1] === SELF) {
  const targets = process.argv.slice(2)
  const unknown = targets.find((t) => !TARGETS.includes(t))
  if (unknown) {
    process.stderr.write(`build: no target "${unknown}" (${TARGETS.join(', ')})\n`)
    process.exit(1)
  }
  // electron.vite.config.ts names its entries relative to the project's folder.
  process.chdir(ROOT)
  try {
    await build(targets.length > 0 ? targets : TARGETS)
  } catch (e) {
    process.stderr.write(`error: the build failed: ${e.message.trim()}\n`)
    process.exit(1)
  }
}
