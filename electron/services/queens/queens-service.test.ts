import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import { testLauncher, type WorkerMoment } from '../../../testing/farm-workers'
import { AppWorkers } from '../farm/app-workers'
import { QueensService } from './queens-service'

const dir = mkdtempSync(join(tmpdir(), 'pw-queens-service-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Ended = Extract<WorkbenchEvent, { type: 'queens.ended' }>

/** The app's queens service on two worker processes that `dies` may kill, its events recorded. */
function service(checkpointDir: string, dies?: (at: WorkerMoment) => boolean) {
  const events: WorkbenchEvent[] = []
  const workers = new AppWorkers(testLauncher(dies).launch, async () => 2)
  const queens = new QueensService({ workers, emit: (e) => events.push(e), checkpointDir })
  const ended = async (countId: string): Promise<Ended> => {
    await expect
      .poll(() => events.some((e) => e.type === 'queens.ended' && e.countId === countId), {
        timeout: 60_000,
      })
      .toBe(true)
    return events.find((e): e is Ended => e.type === 'queens.ended' && e.countId === countId)!
  }
  return { queens, events, ended, close: () => (queens.close(), workers.close()) }
}

describe('the queens service', () => {
  it('reports a worker killed mid-count in one line, and the count stays exact', async () => {
    // The process that starts the count's third task is killed then.
    const s = service(join(dir, 'killed'), (at) => at.overall === 3)
    try {
      const { countId } = s.queens.start(12)
      const end = await s.ended(countId)
      expect(end).toMatchObject({ outcome: 'done', total: '14200', unique: '1787' })
      // It said where it ran, first.
      expect(s.events[0]).toEqual({
        type: 'queens.started',
        countId,
        n: 12,
        runsOn: { kind: 'here', processes: 2 },
      })
      const notices = s.events.filter((e) => e.type === 'queens.notice')
      expect(notices).toEqual([
        {
          type: 'queens.notice',
          countId,
          n: 12,
          message: expect.stringMatching(
            /^a worker process stopped unexpectedly \(SIGKILL\); task r?\d+(\.\d+)* run again$/,
          ),
        },
      ])
      // The line came before the end.
      expect(s.events.indexOf(notices[0])).toBeLessThan(s.events.indexOf(end))
    } finally {
      s.close()
    }
  })

  it('refuses an old (version 2) checkpoint in one line saying to count again', async () => {
    const checkpoints = join(dir, 'old')
    mkdirSync(checkpoints)
    const s = service(checkpoints)
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
      const { countId } = s.queens.start(9)
      const end = await s.ended(countId)
      expect(end.outcome).toBe('failed')
      const aside = join(checkpoints, 'queens-9.damaged.json')
      expect(end.error).toBe(
        `${old}: a checkpoint of an older version of the workbench, which cannot be resumed; it is set aside as ${aside}: count again to start from the beginning.`,
      )
      expect(end.error).not.toMatch(/\n/)
      // Counting again starts from the beginning and counts exactly.
      const again = s.queens.start(9)
      expect(await s.ended(again.countId)).toMatchObject({ outcome: 'done', total: '352' })
    } finally {
      s.close()
    }
  })
})
