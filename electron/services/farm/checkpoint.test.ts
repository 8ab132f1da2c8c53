import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../../shared/random'
import { countQueens, queensTaskIds } from '../../../shared/queens/count'
import type { QueensResult } from '../../worker/protocol'
import { mergeQueensShards, queensCheckpoint as spec } from '../queens/count-run'
import { readCheckpoint, writeCheckpoint } from './checkpoint'

/** The queens count's checkpoints stand for every kind's: one format, read the same way. */
const plan = (n: number) => ({ n, shard: null })

const dir = mkdtempSync(join(tmpdir(), 'pw-checkpoint-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A real checkpoint of n = 8: every task counted by the plain in-process counter. */
async function realCheckpoint(name: string, n = 8): Promise<string> {
  const done = new Map<string, QueensResult>()
  countQueens(n, ({ task, count: c }) =>
    done.set(String(task.id), [String(c.total), String(c.unique), c.nodes]),
  )
  const path = join(dir, name)
  await writeCheckpoint(path, spec, { plan: plan(n), done })
  return path
}

/** The file with its JSON changed by `edit`, written back as is (the checksum not mended). */
type CheckpointJson = { done: Record<string, unknown[]>; [field: string]: unknown }

function edited(path: string, name: string, edit: (c: CheckpointJson) => void): string {
  const c = JSON.parse(readFileSync(path, 'utf8'))
  edit(c)
  const out = join(dir, name)
  writeFileSync(out, JSON.stringify(c))
  return out
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: Error) => e.message,
  )

describe('queens checkpoints are read as untrusted input', () => {
  it('read back what was written', async () => {
    const path = await realCheckpoint('ok.json')
    const c = (await readCheckpoint(path, spec, plan(8)))!
    expect(c.done.size).toBe(spec.taskIds!(plan(8)).size)
    let total = 0n
    for (const [t] of c.done.values()) total += BigInt(t)
    expect(total).toBe(92n)
  })

  it('refuse counts that are not whole numbers, or do not add up, in one line naming the file', async () => {
    const path = await realCheckpoint('base.json')
    const first = Object.keys(JSON.parse(readFileSync(path, 'utf8')).done)[0]
    const abc = edited(path, 'abc.json', (c) => (c.done[first][0] = 'abc'))
    expect(await refusal(readCheckpoint(abc, spec))).toBe(
      `${abc}: not a valid queens checkpoint (done.${first}.0: not a whole number)`,
    )
    const negative = edited(path, 'neg.json', (c) => (c.done[first] = ['-1000', '-10', 5]))
    expect(await refusal(readCheckpoint(negative, spec))).toBe(
      `${negative}: not a valid queens checkpoint (done.${first}.0: not a whole number)`,
    )
    const bigger = edited(path, 'big.json', (c) => (c.done[first][0] = '99999'))
    expect(await refusal(readCheckpoint(bigger, spec))).toBe(
      `${bigger}: not a valid queens checkpoint (its checksum does not match: the file was changed)`,
    )
  })

  it('keep the tasks of an n ≥ 19 checkpoint saved by number, before tasks had names', async () => {
    const path = join(dir, 'numbered-19.json')
    const ok = ['8', '1', 5] as const
    await writeCheckpoint(path, spec, {
      plan: plan(19),
      done: new Map([
        ['0', ok],
        ['1780', ok],
      ]),
    })
    const c = (await readCheckpoint(path, spec, plan(19)))!
    const names = queensTaskIds(19)
    expect(names).toHaveLength(1781)
    expect([...c.done.keys()]).toEqual([names[0], names[1780]])
    // Below n = 19 the split changed: a number is no task of it.
    const old = join(dir, 'numbered-12.json')
    await writeCheckpoint(old, spec, { plan: plan(12), done: new Map([['0', ok]]) })
    expect(await refusal(readCheckpoint(old, spec))).toBe(
      `${old}: not a valid queens checkpoint (task 0 is not one of this run's)`,
    )
  })

  it('refuse every random digit flip', async () => {
    const path = await realCheckpoint('flips.json', 9)
    const text = readFileSync(path, 'utf8')
    const digits = [...text.matchAll(/\d/g)].map((m) => m.index)
    const random = seededRandom(15)
    for (let k = 0; k < 60; k++) {
      const at = digits[Math.floor(random() * digits.length)]
      const old = Number(text[at])
      const digit = (old + 1 + Math.floor(random() * 9)) % 10
      const flipped = join(dir, `flip-${k}.json`)
      writeFileSync(flipped, text.slice(0, at) + digit + text.slice(at + 1))
      expect(await refusal(readCheckpoint(flipped, spec, plan(9)))).toMatch(
        /flip-\d+\.json: (not a valid queens checkpoint|the checkpoint is for n = )/,
      )
    }
  })

  it('check the plan, not the file’s word: task ids, the number of tasks, n', async () => {
    const path = await realCheckpoint('plan.json')
    const c = (await readCheckpoint(path, spec))!
    const tasks = spec.taskIds!(plan(8)).size
    const fewer = edited(path, 'fewer.json', (x) => (x.tasks = 3))
    expect(await refusal(readCheckpoint(fewer, spec))).toBe(
      `${fewer}: not a valid queens checkpoint (its checksum does not match: the file was changed)`,
    )
    // Written with a correct checksum, yet not this plan's.
    const stranger = join(dir, 'stranger.json')
    await writeCheckpoint(stranger, spec, {
      plan: plan(8),
      done: new Map([[String(tasks + 5), ['1', '1', 1] as const]]),
    })
    expect(await refusal(readCheckpoint(stranger, spec))).toBe(
      `${stranger}: not a valid queens checkpoint (task ${tasks + 5} is not one of this run's)`,
    )
    const huge = edited(path, 'huge.json', (x) => ((x.plan as { n: number }).n = 1e9))
    expect(await refusal(mergeQueensShards([huge]))).toMatch(
      /huge.json: not a valid queens checkpoint \(plan.n: Too big/,
    )
    const classes = join(dir, 'classes.json')
    const [id] = c.done.keys()
    await writeCheckpoint(classes, spec, {
      plan: plan(8),
      done: new Map([[id, ['20', '1', 9] as const]]),
    })
    expect(await refusal(readCheckpoint(classes, spec))).toBe(
      `${classes}: not a valid queens checkpoint (task ${id}: 20 boards cannot make 1 classes)`,
    )
    expect(await refusal(readCheckpoint(path, spec, plan(9)))).toBe(
      `${path}: the checkpoint is for n = 8, not n = 9`,
    )
    const old = edited(path, 'v1.json', (x) => {
      x.format = 'puzzle-workbench/queens-checkpoint'
      x.version = 1
      delete x.checksum
    })
    expect(await refusal(readCheckpoint(old, spec))).toBe(
      `${old}: a checkpoint of an older version of the workbench, which cannot be resumed; delete it to count from the start`,
    )
    const tait = edited(path, 'tait.json', (x) => (x.kind = 'tait'))
    expect(await refusal(readCheckpoint(tait, spec))).toBe(
      `${tait}: the checkpoint is of a tait run, not a queens one`,
    )
  })
})
