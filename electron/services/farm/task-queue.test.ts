import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GROUP_WINDOW, TaskQueue } from './task-queue'

interface T {
  readonly id: number
  readonly priority?: number
  readonly group?: string
}

/** The queue's rules, plainly: a list kept sorted, scanned from its front. */
class Plain {
  private readonly list: { task: T; seq: number }[] = []
  private readonly retries: T[] = []
  private seq = 0
  get size(): number {
    return this.list.length + this.retries.length
  }
  push(task: T): void {
    this.list.push({ task, seq: this.seq++ })
    this.list.sort((a, b) =>
      (a.task.priority ?? 0) !== (b.task.priority ?? 0)
        ? (b.task.priority ?? 0) - (a.task.priority ?? 0)
        : a.seq - b.seq,
    )
  }
  retry(task: T): void {
    this.retries.push(task)
  }
  pop(held: ReadonlySet<string>): T | undefined {
    if (this.retries.length > 0) return this.retries.shift()
    const window = this.list.slice(0, held.size > 0 ? GROUP_WINDOW : 1)
    const k = window.findIndex((e) => e.task.group !== undefined && held.has(e.task.group))
    return this.list.splice(Math.max(k, 0), 1)[0]?.task
  }
}

// Pushes outnumber pops, so that the queue grows beyond the window.
const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('push' as const),
      priority: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
      group: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('retry' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('pop' as const),
      held: fc.subarray(['a', 'b', 'c', 'd', 'e', 'f', 'g'], { maxLength: 2 }),
    }),
  },
)

describe("the farm's pending tasks", () => {
  it('go out as the plain rules say: by priority, retries first, a held group a few places early', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300, size: 'max' }), (ops) => {
        const queue = new TaskQueue<T>()
        const plain = new Plain()
        let id = 0
        let last: T | undefined
        for (const o of ops) {
          if (o.type === 'push') {
            const task = { id: id++, priority: o.priority, group: o.group }
            queue.push(task)
            plain.push(task)
          } else if (o.type === 'retry') {
            // A task handed out comes back (its worker died).
            if (!last) continue
            queue.retry(last)
            plain.retry(last)
          } else {
            const held = new Set(o.held)
            last = queue.pop(held)
            expect(last).toBe(plain.pop(held))
          }
          expect(queue.size).toBe(plain.size)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('give a held group precedence only within the window', () => {
    const queue = new TaskQueue<T>()
    for (let i = 0; i <= GROUP_WINDOW; i++)
      queue.push({ id: i, priority: -i, group: i === GROUP_WINDOW ? 'far' : 'near' })
    // The only task of group 'far' waits one place beyond the window: the first goes out.
    expect(queue.pop(new Set(['far']))?.id).toBe(0)
    // Now it is within: it goes out before the others, which keep their order.
    expect(queue.pop(new Set(['far']))?.id).toBe(GROUP_WINDOW)
    expect([1, 2, 3].map(() => queue.pop(new Set(['x']))?.id)).toEqual([1, 2, 3])
  })
})
