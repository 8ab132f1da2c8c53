import type { ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * Whether a process still runs, for the tests that check a cancel stops the solvers. A killed
 * child stays in the process table as a zombie until its parent reaps it; it runs no more, so it
 * counts as stopped (Linux's /proc tells; elsewhere signal 0 answers for zombies too).
 */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    // The state follows the command name, which is in parentheses and may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return true
  }
}

/** The processes `pid` started that still run (Linux: from /proc). */
export function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
        // After the state: the parent's pid.
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
    .filter(processRunning)
}

/** The CPU time a process has used so far, in seconds (Linux: from /proc, in clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After the state: ppid, pgrp, session, tty, tpgid, flags, 4 fault counts, then utime, stime.
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number)
    return (utime + stime) / 100
  } catch {
    return 0
  }
}

/**
 * A child's exit code once it has ended (null if a signal ended it), also when it ended before
 * anyone listened: its 'exit' event has passed by then, and waiting for it would wait forever.
 */
export function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}
