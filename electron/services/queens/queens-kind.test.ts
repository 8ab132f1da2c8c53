import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import type { RunEventOf } from '../../../shared/api/run'
import { testLauncher, type WorkerMoment } from '../../../testing/farm-workers'
import { AppWorkers } from '../farm/app-workers'
import { runKinds } from '../run/kinds'
import { RunService } from '../run/run-service'

const dir = mkdtempSync(join(tmpdir(), 'pw-queens-kind-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Ended = Extract<RunEventOf<'queens'>, { type: 'run.ended' }>

/**
 * The app's queens counts (run kind `queens`) on two worker processes that `dies` may kill,
 * checkpoints in `dataDir`/queens, the events recorded.
 */
function service(dataDir: string, dies?: (at: WorkerMoment) => boolean) {
  const events: WorkbenchEvent[] = []
  const workers = new AppWorkers(testLauncher(dies).launch, async () => 2)
  const runs = new RunService(workers, (e) => events.push(e), runKinds(dataDir))
  const count = (n: number) => runs.start({ kind: 'queens', params: { n } })
  const ended = async (runId: string): Promise<Ended> => {
    await expect
      .poll(() => events.some((e) => e.type === 'run.ended' && e.runId === runId), {
        timeout: 60_000,
      })
      .toBe(true)
    return events.find((e): e is Ended => e.type === 'run.ended' && e.runId === runId)!
  }
  return { count, events, ended, close: () => (runs.close(), workers.close()) }
}

describe("the app's queens counts", () => {
  it('reports a worker killed mid-count in one line, and the count stays exact', async () => {
    // The process that starts the count's third task is killed then.
    const s = service(join(dir, 'killed'), (at) => at.overall === 3)
    try {
      const { runId } = await s.count(12)
      const end = await s.ended(runId)
      expect(end).toMatchObject({
        outcome: 'done',
        result: { n: 12, total: '14200', unique: '1787', resumed: 0 },
      })
      // It said where it ran, first.
      expect(s.events[0]).toEqual({
        type: 'run.started',
        runId,
        kind: 'queens',
        runsOn: { kind: 'here', processes: 2 },
      })
      // The line comes with the end.
      expect(end.notices).toEqual([
        expect.stringMatching(
          /^a worker process stopped unexpectedly \(SIGKILL\); task r?\d+(\.\d+)* run again$/,
        ),
      ])
    } finally {
      s.close()
    }
  })

  it('refuses an old (version 2) checkpoint in one line saying to count again', async () => {
    const checkpoints = join(dir, 'old', 'queens')
    mkdirSync(checkpoints, { recursive: true })
    const s = service(join(dir, 'old'))
    try {
      const old = join(checkpoints, 'queens-9.json')
      writeFileSync(
        old,
        JSON.stringify({
          format: 'puzzle-workbench/queens-checkpoint',
          version: 2,
          n: 9,
          done: {},
        }),
      )
      const { runId } = await s.count(9)
      const end = await s.ended(runId)
      expect(end.outcome).toBe('failed')
      const aside = join(checkpoints, 'queens-9.damaged.json')
      expect(end.error).toBe(
        `${old}: a checkpoint of an older version of the workbench, which cannot be resumed; it is set aside as ${aside}: count again to start from the beginning.`,
      )
      expect(end.error).not.toMatch(/\n/)
      // Counting again starts from the beginning and counts exactly.
      const again = await s.count(9)
      expect(await s.ended(again.runId)).toMatchObject({
        outcome: 'done',
        result: { total: '352' },
      })
    } finally {
      s.close()
    }
  })
})
