import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { CLI } from '../electron/cli/run-cli'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installed, missingTools } from './tools'

/**
 * A Redis of a test's own: Debian's redis-server on a free loopback port, in a temporary folder,
 * nothing saved. Where redis-server is missing the queue tests say so and are skipped, except
 * under CI=true, where CI installs it and its absence is a failure (`missingRedis`).
 */
export interface TestRedis {
  readonly port: number
  /** The server's process (it changes with a restart). */
  pid(): number
  readonly url: string
  /** redis-cli's answer to a command, one line per element. */
  cli(...args: string[]): string
  /** Killed and started again on the same port, empty: a restart without persistence. */
  restart(): Promise<void>
  stop(): Promise<void>
}

/** Why the queue tests cannot run here, or undefined: they run (and must, under CI). */
export const missingRedis = missingTools('redis-server')

/** A port nobody listens on at this instant. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  await new Promise((r) => server.close(r))
  return port
}

export async function startRedis(password?: string): Promise<TestRedis> {
  if (!installed('redis-server'))
    throw new Error('redis-server is missing: CI must install it (.ci/run)')
  const dir = mkdtempSync(join(tmpdir(), 'pw-redis-'))
  const port = await freePort()
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '']
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(
      'redis-server',
      [...args, '--appendonly', 'no', ...(password ? ['--requirepass', password] : [])],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let log = ''
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        log += d.toString()
        if (log.includes('Ready to accept connections')) resolve()
      })
      child.on('exit', (code) => reject(new Error(`redis-server ended (${code}): ${log}`)))
    })
    return child
  }
  const kill = async (child: ChildProcess) => {
    const ended = new Promise((r) => child.once('exit', r))
    child.kill('SIGKILL')
    await ended
  }
  let child = await launch()
  const auth = password ? ['-a', password, '--no-auth-warning'] : []
  return {
    port,
    pid: () => child.pid!,
    url: `redis://${password ? `:${password}@` : ''}127.0.0.1:${port}`,
    cli: (...command) =>
      spawnSync('redis-cli', ['-p', String(port), ...auth, ...command], {
        encoding: 'utf8',
      }).stdout.trim(),
    restart: async () => {
      await kill(child)
      child = await launch()
    },
    stop: async () => {
      await kill(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A `cli worker` process serving the queue, as on another machine (tests, benchmarks). */
export interface TestWorker {
  readonly child: ChildProcess
  /** What it printed on stderr so far. */
  err(): string
}

export function startWorker(url: string, ...args: string[]): Promise<TestWorker> {
  const child = spawn(process.execPath, [...CLI, 'worker', '--queue', url, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let err = ''
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString()
      if (err.includes('serving the queue')) resolve({ child, err: () => err })
    })
    child.on('exit', (code) => reject(new Error(`worker ended (${code}): ${err}`)))
  })
}

export async function stopWorker(w: TestWorker): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return
  const ended = new Promise((r) => w.child.once('exit', r))
  w.child.kill('SIGKILL')
  await ended
}
