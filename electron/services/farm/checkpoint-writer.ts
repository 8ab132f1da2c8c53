import { RunError } from '../../../shared/errors'
import { describeFsError } from '../fs-errors'
import { writeCheckpoint, type CheckpointSpec } from './checkpoint'

/** Least time between checkpoint writes; a write may take at most a twentieth of the time. */
const SAVE_MS = 1000
const SAVE_SHARE = 20

/**
 * Keeps a farm run's checkpoint of its finished tasks' results: written one write after the
 * other, each atomically, at most once a second (less often when a write takes long) and when
 * forced (the start, something amiss, the end). A write that fails (a read-only folder, a full
 * disk) stops the run (`onFail`): going on without the checkpoint asked for would lose the work.
 */
export class CheckpointWriter<Plan, Result> {
  /** A write failed: no other is tried. */
  failed = false
  private lastSave = 0
  private saveMs = 0
  private saving: Promise<void> = Promise.resolve()

  constructor(
    private readonly checkpoint:
      | {
          readonly path: string
          readonly spec: CheckpointSpec<Plan, Result>
          readonly plan: Plan
        }
      | undefined,
    /** The results of the finished tasks, as they are when a write is asked for. */
    private readonly results: ReadonlyMap<string, Result>,
    private readonly onFail: (e: Error) => void,
  ) {}

  /** Writes the results now (`force`), or when the last write is long enough ago; then settles. */
  save(force: boolean): Promise<void> {
    const cp = this.checkpoint
    const now = Date.now()
    if (!cp || (!force && now - this.lastSave < Math.max(SAVE_MS, SAVE_SHARE * this.saveMs)))
      return this.saving
    this.lastSave = now
    const done = new Map(this.results)
    this.saving = this.saving.then(async () => {
      if (this.failed) return
      const start = Date.now()
      try {
        await writeCheckpoint(cp.path, cp.spec, { plan: cp.plan, done })
      } catch (e) {
        this.failed = true
        this.onFail(
          new RunError(
            `${cp.path}: cannot write the checkpoint (${describeFsError(e, 'no such folder')})`,
          ),
        )
      }
      this.saveMs = Date.now() - start
    })
    return this.saving
  }
}
