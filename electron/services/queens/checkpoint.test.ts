import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seededRandom } from '../../../shared/random'
import { countQueens } from '../../../shared/queens/count'
import { readCheckpoint, shardTaskIds, writeCheckpoint, type TaskCounts } from './checkpoint'
import { mergeQueensShards } from './count-run'

const dir = mkdtempSync(join(tmpdir(), 'pw-checkpoint-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A real checkpoint of n = 8: every task counted by the plain in-process counter. */
async function realCheckpoint(name: string, n = 8): Promise<string> {
  const done = new Map<number, TaskCounts>()
  countQueens(n, ({ task, count: c }) => done.set(task.id, [c.total, c.unique, c.nodes]))
  const path = join(dir, name)
  await writeCheckpoint(path, { n, tasks: shardTaskIds(n).length, done })
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
    const c = (await readCheckpoint(path, { n: 8 }))!
    expect(c.done.size).toBe(c.tasks)
    let total = 0n
    for (const [t] of c.done.values()) total += t
    expect(total).toBe(92n)
  })

  it('refuse counts that are not whole numbers, or do not add up, in one line naming the file', async () => {
    const path = await realCheckpoint('base.json')
    const first = Object.keys(JSON.parse(readFileSync(path, 'utf8')).done)[0]
    const abc = edited(path, 'abc.json', (c) => (c.done[first][0] = 'abc'))
    expect(await refusal(readCheckpoint(abc))).toBe(
      `${abc}: not a valid queens checkpoint (done.${first}.0: not a whole number)`,
    )
    const negative = edited(path, 'neg.json', (c) => (c.done[first] = ['-1000', '-10', 5]))
    expect(await refusal(readCheckpoint(negative))).toMatch(
      /neg.json: not a valid queens checkpoint \(done\.\d+\.0: not a whole number\)$/,
    )
    const bigger = edited(path, 'big.json', (c) => (c.done[first][0] = '99999'))
    expect(await refusal(readCheckpoint(bigger))).toBe(
      `${bigger}: not a valid queens checkpoint (its checksum does not match: the file was changed)`,
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
      expect(await refusal(readCheckpoint(flipped, { n: 9 }))).toMatch(
        /flip-\d+\.json: (not a valid queens checkpoint|the checkpoint is for n = )/,
      )
    }
  })

  it('check the plan, not the file’s word: task ids, the number of tasks, n', async () => {
    const path = await realCheckpoint('plan.json')
    const c = (await readCheckpoint(path))!
    // Written with a correct checksum, yet not this plan's.
    const empty = join(dir, 'empty.json')
    await writeCheckpoint(empty, { n: 8, tasks: 0, done: new Map() })
    expect(await refusal(mergeQueensShards([empty]))).toBe(
      `${empty}: not a valid queens checkpoint (tasks: Too small: expected number to be >=1)`,
    )
    const fewer = join(dir, 'fewer.json')
    await writeCheckpoint(fewer, { n: 8, tasks: 3, done: new Map([...c.done].slice(0, 3)) })
    expect(await refusal(mergeQueensShards([fewer]))).toBe(
      `${fewer}: not a valid queens checkpoint (it says 3 tasks; n = 8 has ${c.tasks})`,
    )
    const stranger = join(dir, 'stranger.json')
    await writeCheckpoint(stranger, {
      n: 8,
      tasks: c.tasks,
      done: new Map([[c.tasks + 5, [1n, 1n, 1] as const]]),
    })
    expect(await refusal(readCheckpoint(stranger))).toBe(
      `${stranger}: not a valid queens checkpoint (task ${c.tasks + 5} is not one of this run's)`,
    )
    const huge = edited(path, 'huge.json', (x) => (x.n = 1e9))
    expect(await refusal(mergeQueensShards([huge]))).toMatch(
      /huge.json: not a valid queens checkpoint \(n: Too big/,
    )
    const classes = join(dir, 'classes.json')
    const [id] = c.done.keys()
    await writeCheckpoint(classes, { n: 8, tasks: c.tasks, done: new Map([[id, [20n, 1n, 9]]]) })
    expect(await refusal(readCheckpoint(classes))).toBe(
      `${classes}: not a valid queens checkpoint (task ${id}: 20 boards cannot make 1 classes)`,
    )
    expect(await refusal(readCheckpoint(path, { n: 9 }))).toBe(
      `${path}: the checkpoint is for n = 8, not n = 9`,
    )
    const old = edited(path, 'v1.json', (x) => {
      x.version = 1
      delete x.checksum
    })
    expect(await refusal(readCheckpoint(old))).toBe(
      `${old}: a queens checkpoint of an older version, without a checksum; delete it to count from the start`,
    )
  })
})
