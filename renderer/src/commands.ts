import { emptyDocument, type WorkbenchDocument } from '../../shared/document/document'
import { mergeCongruentPieces, solvedSetKey } from '../../shared/document/merge'
import type { FigureShape } from '../../shared/lattice/region'
import { plural } from '../../shared/plural'
import { api, ApiError } from './api'
import { useApp } from './stores/app'
import { useDialogs } from './stores/dialogs'
import { useDocument } from './stores/document'
import { useOutput } from './stores/output'
import { usePentagons } from './stores/pentagons'
import { useExactTilings } from './stores/exact-tilings'
import { useSolver } from './stores/solver'

/**
 * What the menus, the keyboard shortcuts and the buttons do with files. Errors become notices;
 * unsaved work is never dropped without asking.
 */
export function useCommands() {
  const app = useApp()
  const document = useDocument()
  const dialogs = useDialogs()
  const solver = useSolver()
  const output = useOutput()
  const pentagons = usePentagons()
  const exact = useExactTilings()

  async function guard<T>(what: string, f: () => Promise<T>): Promise<T | undefined> {
    try {
      return await f()
    } catch (e) {
      app.notify(
        'error',
        e instanceof ApiError ? e.message : `${what} failed: ${(e as Error).message}`,
      )
      return undefined
    }
  }

  /** Asks before replacing a document with unsaved changes; false means "stay". */
  async function mayReplace(): Promise<boolean> {
    if (!document.dirty) return true
    const answer = await dialogs.confirm(`"${document.doc.name}" has unsaved changes.`, [
      'Save',
      "Don't save",
      'Cancel',
    ])
    if (answer === 'Save') return (await save()) === true
    return answer === "Don't save"
  }

  async function newDocument(): Promise<void> {
    if (!(await mayReplace())) return
    document.load(emptyDocument())
    app.view = 'designer'
  }

  async function pickOpenPath(): Promise<string | undefined> {
    if (app.info?.nativeDialogs) return (await api.call('dialog.open', {})).path
    return dialogs.pickFile('open')
  }

  /** Where to save: the native dialog, or the browser host's, for files of these extensions. */
  async function pickSavePath(
    suggested: string,
    extension = '.json',
    listed: readonly string[] = [extension],
  ): Promise<string | undefined> {
    if (app.info?.nativeDialogs)
      return (await api.call('dialog.save', { suggestedName: suggested })).path
    return dialogs.pickFile('save', suggested, extension, listed)
  }

  async function open(path?: string): Promise<void> {
    const target = path ?? (await pickOpenPath())
    if (!target || !(await mayReplace())) return
    await guard('Opening', async () => {
      const opened = await api.call('document.open', { path: target })
      document.load(opened.document, opened.path)
      await app.refreshSettings()
      app.view = 'designer'
      app.notify('info', `Opened ${opened.document.name}`)
    })
  }

  /** A bundled set opens as a new, unsaved document (the bundled file stays as it is). */
  async function openBundled(id: string): Promise<void> {
    if (!(await mayReplace())) return
    await guard('Opening', async () => {
      const opened = await api.call('library.open', { id })
      document.load(opened.document, undefined, true)
      app.view = 'designer'
    })
  }

  /**
   * Lists a set's tilings of one figure in the gallery: the set opens as the document first
   * unless it is the open one (the gallery shows the open document's tilings).
   */
  async function showTilings(
    set: { document: WorkbenchDocument; path?: string; bundled?: boolean },
    figure: { name: string; polygon: FigureShape },
  ): Promise<void> {
    const key = solvedSetKey(mergeCongruentPieces(set.document.pieces))
    if (key !== document.setKey) {
      if (!(await mayReplace())) return
      document.load(set.document, set.path, set.bundled)
    }
    await guard('Solving', async () => {
      await solver.start(document.doc, 'tile', { figures: [figure] })
      app.view = 'gallery'
    })
  }

  async function save(): Promise<boolean | undefined> {
    if (!document.path) return saveAs()
    return guard('Saving', async () => {
      await document.save(document.path!)
      await app.refreshSettings()
      app.notify('info', `Saved ${document.doc.name}`)
      return true
    })
  }

  async function saveAs(): Promise<boolean | undefined> {
    const suggested = `${document.doc.name.replace(/[^\w.-]+/g, '-').toLowerCase() || 'pieces'}.json`
    const target = app.info?.nativeDialogs
      ? (await api.call('dialog.save', { suggestedName: suggested })).path
      : await dialogs.pickFile('save', suggested)
    if (!target) return false
    return guard('Saving', async () => {
      await document.save(target)
      await app.refreshSettings()
      app.notify('info', `Saved ${document.doc.name}`)
      return true
    })
  }

  /** Checks that the open document has tilings to export (those the gallery shows), saying why not. */
  function exportable(): boolean {
    const job = solver.job
    if (!job || !solver.ofDocument || job.figures.every((f) => f.tilings.length === 0)) {
      app.notify(
        'error',
        `There are no tilings of ${document.doc.name} to export yet: solve it first.`,
      )
      return false
    }
    if (solver.running) {
      app.notify(
        'error',
        'The job is still running: export when it has finished or been cancelled.',
      )
      return false
    }
    return true
  }

  /**
   * Opens the export dialog (SVG, PDF, HPGL, text; plotting from there) for the job's tilings, in
   * the Pentagons view for the pentagons it shows, or for the tilings of a figure off the lattice
   * (`of` 'exact', or in the Gallery while it shows them).
   */
  function openExport(of?: 'exact'): void {
    const source =
      of ??
      (app.view === 'pentagons'
        ? 'pentagons'
        : app.view === 'gallery' && exact.galleryShows
          ? 'exact'
          : 'job')
    if (source === 'job') {
      if (!exportable()) return
    } else {
      const none =
        source === 'pentagons'
          ? pentagons.state !== 'done' || pentagons.shown.length === 0
          : exact.state !== 'done' || !exact.solved?.tilings.length
      if (none) {
        app.notify(
          'error',
          `There are no ${source === 'pentagons' ? 'pentagons' : 'tilings'} to export yet.`,
        )
        return
      }
      // Pentagons and tilings off the lattice print as SVG, PDF or HPGL.
      if (output.settings.format === 'txt') output.settings.format = 'pdf'
    }
    output.source = source
    output.open = 'export'
  }

  /** Writes the current job's tilings to a solutions file (JSON, for scripts). */
  async function exportSolutions(): Promise<void> {
    const job = solver.job
    if (!job || !exportable()) return
    const base = job.document.name.replace(/[^\w.-]+/g, '-').toLowerCase() || 'tilings'
    const suggested = `${base}-tilings.json`
    const target = app.info?.nativeDialogs
      ? (await api.call('dialog.save', { suggestedName: suggested })).path
      : await dialogs.pickFile('save', suggested)
    if (!target) return
    await guard('Exporting', async () => {
      const r = await api.call('export.solutions', { jobId: job.jobId, path: target })
      app.notify('info', `Exported ${plural(r.tilings, 'tiling')} to ${r.path}`)
    })
  }

  /**
   * Offers the autosaved documents of earlier sessions back; true when one came back (a damaged
   * one says so and stays listed, to be discarded).
   */
  async function restore(id: string): Promise<boolean> {
    if (!app.recoverable.some((x) => x.id === id) || !(await mayReplace())) return false
    // Read only now: the list carries no contents. It comes back exactly as it was, even a piece
    // half drawn.
    const restored = await guard('Restoring', async () => {
      document.restore(await api.call('autosave.read', { id }))
      return true
    })
    if (!restored) return false
    app.recoverable = app.recoverable.filter((x) => x.id !== id)
    app.view = 'designer'
    return true
  }

  async function discardRecoverable(id: string): Promise<void> {
    await guard('Discarding', () => api.call('autosave.discard', { id }))
    app.recoverable = app.recoverable.filter((x) => x.id !== id)
  }

  return {
    newDocument,
    open,
    openBundled,
    pickOpenPath,
    pickSavePath,
    showTilings,
    save,
    saveAs,
    exportSolutions,
    openExport,
    restore,
    discardRecoverable,
    mayReplace,
  }
}
