import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import { settingsSchema, type RunPlace, type Settings } from '../../../shared/api/contract'
import { plural } from '../../../shared/plural'
import { useApp } from './app'

/** Where a run went, as the panels say it. */
export const placeText = (p: RunPlace): string =>
  p.kind === 'here'
    ? `this machine (${plural(p.processes, 'process', 'processes')})`
    : `the queue at ${p.url}`

/**
 * Where tiling runs and queens counts go (the Run on control of the Solve and Queens panels): a
 * setting of the host, which reads it when a run starts. The queue's address is edited here; a run
 * first commits what the control shows (`commit`), so that what is in the field is what runs,
 * whether or not Enter was pressed. Writes go out one after another, so a run never starts before
 * the choice made just before it has reached the host.
 */
export const useRunOn = defineStore('runOn', () => {
  const app = useApp()
  const choice = computed(() => app.settings?.runOn ?? 'here')
  /** The address as typed; the host's (its password hidden) whenever that changes. */
  const url = ref('')
  /** Why the address typed was refused, until it is edited. */
  const problem = ref<string | undefined>()
  watch(
    () => app.settings?.queueUrl,
    (u) => (url.value = u ?? ''),
    { immediate: true },
  )
  watch(url, () => (problem.value = undefined))

  let writes: Promise<void> = Promise.resolve()
  /** Runs `write` after every earlier write; its failure is the caller's. */
  function queue(write: () => Promise<void>): Promise<void> {
    const done = writes.then(write)
    writes = done.catch(() => {})
    return done
  }

  const save = (patch: Partial<Settings>) => queue(() => app.setSettings(patch))

  const choose = (where: 'here' | 'queue') => save({ runOn: where })

  /** Sends the address typed to the host, if it is not what the host has; refused: says why. */
  function commit(): Promise<void> {
    return queue(async () => {
      const typed = url.value.trim()
      if (choice.value !== 'queue' || typed === (app.settings?.queueUrl ?? '')) return
      // Checked here as the host checks it, to say it in the user's words.
      const checked = settingsSchema.shape.queueUrl.safeParse(typed)
      try {
        if (!checked.success)
          throw new Error(`the queue address: ${checked.error.issues[0].message}`)
        await app.setSettings({ queueUrl: typed })
      } catch (e) {
        problem.value = (e as Error).message
        throw e
      }
    })
  }

  return { choice, url, problem, choose, commit }
})
