import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AppInfo, BundledSet, Recoverable, Settings } from '../../../shared/api/contract'
import { api } from '../api'

export type View =
  | 'library'
  | 'designer'
  | 'figures'
  | 'solve'
  | 'gallery'
  | 'papers'
  | 'matching'
  | 'queens'
  | 'tait'
  | 'pentagons'

export interface Notice {
  readonly id: number
  readonly kind: 'error' | 'info'
  readonly text: string
}

/** What the whole app shares: the host, the bundled sets, settings, the view, messages. */
export const useApp = defineStore('app', () => {
  const info = shallowRef<AppInfo | undefined>()
  const library = shallowRef<BundledSet[]>([])
  const settings = shallowRef<Settings | undefined>()
  const recoverable = shallowRef<Recoverable[]>([])
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

  async function setSettings(patch: Partial<Settings>): Promise<void> {
    settings.value = await api.call('settings.set', patch)
  }

  async function refreshSettings(): Promise<void> {
    settings.value = await api.call('settings.get', {})
  }

  function notify(kind: Notice['kind'], text: string): void {
    const id = nextNotice++
    notices.value = [...notices.value, { id, kind, text }]
    if (kind === 'info') setTimeout(() => dismiss(id), 4000)
  }

  function dismiss(id: number): void {
    notices.value = notices.value.filter((n) => n.id !== id)
  }

  api.onConnection((up) => (connected.value = up))

  return {
    info,
    library,
    settings,
    recoverable,
    view,
    notices,
    connected,
    load,
    setSettings,
    refreshSettings,
    notify,
    dismiss,
  }
})
