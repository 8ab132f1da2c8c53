import { watch } from 'vue'
import { z } from 'zod'
import { documentSchema } from '../../shared/api/contract'
import { useCommands } from './commands'
import { useApp, VIEWS } from './stores/app'
import { useDocument, type DocumentSession } from './stores/document'
import { useSolver, type Job } from './stores/solver'

/**
 * What a reload of the page brings back: the view, the open document (unsaved work from its
 * autosave, with its history) and the job shown, which the host kept running. Kept in the tab's
 * sessionStorage, which a reload keeps (in Electron too) and a new tab or a new start of the app
 * does not: those start afresh and offer autosaved work back.
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
})

/** Writes the session whenever what it holds changes (from now on: call it after start-up). */
export function rememberSession(): void {
  const app = useApp()
  const document = useDocument()
  const solver = useSolver()
  const write = () => {
    const job = solver.job && { jobId: solver.job.jobId, running: solver.running }
    try {
      sessionStorage.setItem(
        KEY,
        JSON.stringify({ view: app.view, document: document.session(), job }),
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
  await Promise.all([
    reopen(saved.document as DocumentSession),
    saved.job ? takeUp(saved.job) : undefined,
  ])
  useApp().view = saved.view
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

async function takeUp(saved: { jobId: string; running: boolean }): Promise<void> {
  const app = useApp()
  let job: Job | undefined
  try {
    job = await useSolver().reattach(saved.jobId)
  } catch (e) {
    // The page starts all the same; the job goes on in the host.
    app.notify(
      'error',
      `The solve running before the reload could not be shown: ${(e as Error).message}`,
    )
    return
  }
  if (!job) {
    if (saved.running)
      app.notify(
        'error',
        'The solve that was running before the page was reloaded is gone: the workbench was restarted, or ran other jobs since. Solve again.',
      )
    return
  }
  if (!saved.running || job.state === 'queued' || job.state === 'running') return
  app.notify(job.state === 'failed' ? 'error' : 'info', endedMeanwhile(job))
}

function endedMeanwhile(job: Job): string {
  const what = {
    done: 'finished',
    cancelled: 'was stopped',
    failed: `failed: ${job.error ?? 'no reason given'}`,
    estimated: 'stopped at its estimate: its search would take days',
  }[job.state as 'done' | 'cancelled' | 'failed' | 'estimated']
  return `While the page was reloading, the solve of ${job.document.name} ${what}.`
}
