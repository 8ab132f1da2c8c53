/** What the queue needs of a task (a FarmTask): its order and its group. */
export interface QueuedTask {
  readonly priority?: number
  readonly group?: string
}

/**
 * How far a task of a group its process holds may go out ahead of its turn: heaviest first
 * still holds to within a few tasks, so the run's last tasks stay short.
 */
export const GROUP_WINDOW = 8

interface Entry<T> {
  readonly task: T
  readonly seq: number
}

/**
 * A farm's pending tasks: the highest priority first, in arrival order within one; retries
 * before all; and a task of a group that the taking process holds up to GROUP_WINDOW - 1 places
 * early (`pop`).
 */
export class TaskQueue<T extends QueuedTask> {
  private readonly heap: Entry<T>[] = []
  private readonly retries: T[] = []
  private seq = 0

  get size(): number {
    return this.heap.length + this.retries.length
  }

  push(task: T): void {
    this.insert({ task, seq: this.seq++ })
  }

  retry(task: T): void {
    this.retries.push(task)
  }

  /** The next task; of the next GROUP_WINDOW, the first of a group in `held`, if one is. */
  pop(held?: ReadonlySet<string>): T | undefined {
    if (this.retries.length > 0) return this.retries.shift()
    const window = held?.size ? GROUP_WINDOW : 1
    const passed: Entry<T>[] = []
    let chosen: Entry<T> | undefined
    while (!chosen && passed.length < window) {
      const e = this.take()
      if (!e) break
      if (e.task.group !== undefined && held?.has(e.task.group)) chosen = e
      else passed.push(e)
    }
    chosen ??= passed.shift()
    for (const e of passed) this.insert(e)
    return chosen?.task
  }

  private insert(e: Entry<T>): void {
    const h = this.heap
    h.push(e)
    for (let i = h.length - 1; i > 0;) {
      const up = (i - 1) >> 1
      if (!this.before(h[i], h[up])) break
      ;[h[i], h[up]] = [h[up], h[i]]
      i = up
    }
  }

  private take(): Entry<T> | undefined {
    const h = this.heap
    if (h.length === 0) return undefined
    const top = h[0]
    const last = h.pop()!
    if (h.length > 0) {
      h[0] = last
      for (let i = 0; ;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < h.length && this.before(h[l], h[m])) m = l
        if (r < h.length && this.before(h[r], h[m])) m = r
        if (m === i) break
        ;[h[i], h[m]] = [h[m], h[i]]
        i = m
      }
    }
    return top
  }

  private before(a: Entry<T>, b: Entry<T>): boolean {
    const pa = a.task.priority ?? 0
    const pb = b.task.priority ?? 0
    return pa !== pb ? pa > pb : a.seq < b.seq
  }
}
