import { nextTick, watch } from 'vue'
import { z } from 'zod'
import { documentSchema } from '../../shared/api/contract'
import { exactFigureSchema } from '../../shared/api/pentagons'
import { useCommands } from './commands'
import { useApp, VIEWS } from './stores/app'
import { composeSessionSchema, useCompose } from './stores/compose'
import { useDocument, type DocumentSession } from './stores/document'
import { useExactFigures } from './stores/exact-figures'
import { useExactTilings } from './stores/exact-tilings'
import { useSolver, type Job } from './stores/solver'

/**
 * What a reload of the page brings back: the view, the open document (unsaved work from its
 * autosave, with its history), the job shown, which the host kept running, the compose mode's
 * pieces and figures, and the solve of a figure with exact corners (a run of kind `exact`, also
 * kept running). Kept in the tab's sessionStorage, which a reload keeps (in Electron too) and a
 * new tab or a new start of the app does not: those start afresh and offer autosaved work back.
 */
const KEY = 'pw-session'

const sessionSchema = z.object({
  view: z.enum(VIEWS),
  document: z.object({
    document: documentSchema,
    path: z.string().optional(),
    template: z.boolean(),
    unsaved: z.boolean(),
    autosaveId: z.string(),
  }),
  job: z.object({ jobId: z.string(), running: z.boolean() }).optional(),
  compose: composeSessionSchema.optional(),
  figures: z.array(exactFigureSchema).optional(),
  exact: z
    .object({
      runId: z.string(),
      running: z.boolean(),
      figure: exactFigureSchema,
      inGallery: z.boolean(),
      from: z.enum(VIEWS),
    })
    .optional(),
})
type ExactSession = NonNullable<z.infer<typeof sessionSchema>['exact']>

/** Writes the session whenever what it holds changes (from now on: call it after start-up). */
export function rememberSession(): void {
  const app = useApp()
  const document = useDocument()
  const solver = useSolver()
  const compose = useCompose()
  const figures = useExactFigures()
  const x = useExactTilings()
  const write = () => {
    const job = solver.job && { jobId: solver.job.jobId, running: solver.running }
    const exact = x.runId &&
      x.figure && {
        runId: x.runId,
        running: x.state === 'running',
        figure: x.figure,
        inGallery: x.inGallery,
        from: x.from,
      }
    try {
      sessionStorage.setItem(
        KEY,
        JSON.stringify({
          view: app.view,
          document: document.session(),
          job,
          compose: compose.session(),
          figures: figures.session(),
          exact,
        }),
      )
    } catch {
      // Too large for the storage: a reload then starts afresh (unsaved work has its autosave).
      forget()
    }
  }
  watch(
    [
      () => app.view,
      () => document.doc,
      () => document.path,
      () => document.dirty,
      () => solver.job?.jobId,
      () => solver.running,
      () => compose.active,
      () => compose.name,
      () => compose.placed,
      () => compose.poses,
      () => figures.figures,
      () => x.runId,
      () => x.state,
      () => x.inGallery,
      () => x.from,
    ],
    write,
    { immediate: true, flush: 'post' },
  )
}

/**
 * Brings back what the page showed before it was reloaded, saying what became of a job that
 * was running meanwhile; false when this tab has no session (a first visit).
 */
export async function resumeSession(): Promise<boolean> {
  const saved = read()
  if (!saved) return false
  // The stores of this page, taken before any wait.
  const app = useApp()
  const document = useDocument()
  const compose = useCompose()
  const figures = useExactFigures()
  const [, ...said] = await Promise.all([
    reopen(saved.document as DocumentSession).then(() => {
      if (saved.compose) compose.resume(document.doc, saved.compose)
    }),
    saved.job ? takeUp(saved.job) : undefined,
    saved.exact ? takeUpExact(saved.exact) : undefined,
  ])
  if (saved.figures) figures.resume(saved.figures)
  app.view = saved.view
  // A new view takes the error notices away (they are of what was shown before): these are
  // said after it.
  await nextTick()
  for (const line of said) if (line) app.notify(line.kind, line.text)
  return true
}

function read(): z.infer<typeof sessionSchema> | undefined {
  try {
    return sessionSchema.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? '')).data
  } catch {
    return undefined
  }
}

function forget(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // No storage at all: nothing to forget.
  }
}

async function reopen(s: DocumentSession): Promise<void> {
  const app = useApp()
  const document = useDocument()
  if (!s.unsaved || !app.recoverable.some((r) => r.id === s.autosaveId)) return document.resume(s)
  // A damaged autosave (it says so) leaves the document as the session has it.
  if (!(await useCommands().restore(s.autosaveId))) return document.resume(s)
  // The autosave waits for a pause in the edits: the last ones may be only in the session.
  if (JSON.stringify(document.doc) !== JSON.stringify(s.document)) document.commit(s.document)
}

/** A line for the user about a run taken up. */
interface Said {
  readonly kind: 'info' | 'error'
  readonly text: string
}

/** How a run taken up again after the reload is now. */
interface TakenUp {
  /** Under way, or how it ended. */
  readonly state: Job['state'] | 'idle' | 'running'
  readonly error?: string
}

/**
 * Takes a run up again (`reattach`: undefined if the host no longer knows it), then says what
 * became of it, if it was running before the reload: gone, or ended meanwhile. `what` names it.
 */
async function takeUpRun(
  saved: { running: boolean },
  what: () => string,
  reattach: () => Promise<TakenUp | undefined>,
): Promise<Said | undefined> {
  let run: TakenUp | undefined
  try {
    run = await reattach()
  } catch (e) {
    // The page starts all the same; the run goes on in the host.
    return {
      kind: 'error',
      text: `The ${what()} running before the reload could not be shown: ${(e as Error).message}`,
    }
  }
  if (!run)
    return saved.running
      ? {
          kind: 'error',
          text: `The ${what()} that was running before the page was reloaded is gone: the workbench was restarted, or ran other jobs since. Solve again.`,
        }
      : undefined
  if (!saved.running || run.state === 'queued' || run.state === 'running') return undefined
  return {
    kind: run.state === 'failed' ? 'error' : 'info',
    text: `While the page was reloading, the ${what()} ${endedMeanwhile(run)}.`,
  }
}

const takeUp = (saved: { jobId: string; running: boolean }) => {
  const solver = useSolver()
  return takeUpRun(
    saved,
    () => (solver.job ? `solve of ${solver.job.document.name}` : 'solve'),
    () => solver.reattach(saved.jobId),
  )
}

function takeUpExact(saved: ExactSession): Promise<Said | undefined> {
  const x = useExactTilings()
  x.inGallery = saved.inGallery
  x.from = saved.from
  return takeUpRun(
    saved,
    () => `solve of ${saved.figure.name}`,
    async () => ((await x.reattach(saved.runId, saved.figure)) ? x : undefined),
  )
}

function endedMeanwhile(run: TakenUp): string {
  return {
    done: 'finished',
    cancelled: 'was stopped',
    failed: `failed: ${run.error ?? 'no reason given'}`,
    estimated: 'stopped at its estimate: its search would take days',
  }[run.state as 'done' | 'cancelled' | 'failed' | 'estimated']
}
