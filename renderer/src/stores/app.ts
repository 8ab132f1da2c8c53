import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import type {
  AppInfo,
  AutosaveEntry,
  BundledFigure,
  BundledSet,
  Settings,
} from '../../../shared/api/contract'
import { api } from '../api'

export const VIEWS = [
  'library',
  'designer',
  'figures',
  'solve',
  'gallery',
  'papers',
  'matching',
  'queens',
  'tait',
  'pentagons',
  'puzzles',
  'compare',
  'design',
] as const
export type View = (typeof VIEWS)[number]

/** How long a notice stays: an error long enough to be read; the pointer on a notice holds it. */
const NOTICE_MS: Record<Notice['kind'], number> = { info: 4000, error: 12_000 }

export interface Notice {
  readonly id: number
  readonly kind: 'error' | 'info'
  readonly text: string
}

/** What the whole app shares: the host, the bundled sets and figures, settings, the view, messages. */
export const useApp = defineStore('app', () => {
  const info = shallowRef<AppInfo | undefined>()
  const library = shallowRef<BundledSet[]>([])
  const figures = shallowRef<BundledFigure[]>()
  const settings = shallowRef<Settings | undefined>()
  /** Unsaved work of earlier sessions, as listed (each read when restored). */
  const recoverable = shallowRef<AutosaveEntry[]>([])
  const view = ref<View>('library')
  const notices = ref<Notice[]>([])
  const connected = ref(true)
  let nextNotice = 1

  async function load(): Promise<void> {
    const [i, l, s, r] = await Promise.all([
      api.call('app.info', {}),
      api.call('library.list', {}),
      api.call('settings.get', {}),
      api.call('autosave.list', {}),
    ])
    info.value = i
    library.value = l
    settings.value = s
    recoverable.value = r
  }

  /** The bundled figures, asked for when first wanted (the Figures view). */
  async function loadFigures(): Promise<void> {
    figures.value ??= await api.call('library.figures', {})
  }

  async function setSettings(patch: Partial<Settings>): Promise<void> {
    settings.value = await api.call('settings.set', patch)
  }

  async function refreshSettings(): Promise<void> {
    settings.value = await api.call('settings.get', {})
  }

  const expiries = new Map<number, ReturnType<typeof setTimeout>>()

  function notify(kind: Notice['kind'], text: string): void {
    const id = nextNotice++
    notices.value = [...notices.value, { id, kind, text }]
    release(id)
  }

  /** Keeps a notice while the pointer is on it. */
  function hold(id: number): void {
    clearTimeout(expiries.get(id))
    expiries.delete(id)
  }

  /** Lets a notice expire, its full time from now. */
  function release(id: number): void {
    const n = notices.value.find((m) => m.id === id)
    if (!n) return
    hold(id)
    expiries.set(
      id,
      setTimeout(() => dismiss(id), NOTICE_MS[n.kind]),
    )
  }

  function dismiss(id: number): void {
    hold(id)
    notices.value = notices.value.filter((n) => n.id !== id)
  }

  /** Takes every error notice away: they are of what was done before (another view, a retry
   *  that has since succeeded) and would cover what is shown now. */
  function clearErrors(): void {
    for (const n of notices.value) if (n.kind === 'error') dismiss(n.id)
  }
  watch(view, clearErrors)

  api.onConnection((up) => (connected.value = up))

  return {
    info,
    library,
    figures,
    settings,
    recoverable,
    view,
    notices,
    connected,
    load,
    loadFigures,
    setSettings,
    refreshSettings,
    notify,
    hold,
    release,
    dismiss,
    clearErrors,
  }
})
