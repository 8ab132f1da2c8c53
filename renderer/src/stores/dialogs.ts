import { defineStore } from 'pinia'
import { shallowRef } from 'vue'

export type Modal =
  | {
      readonly kind: 'file'
      readonly mode: 'open' | 'save'
      readonly suggestedName: string
      /** Added to a saved name that lacks it. */
      readonly extension: string
      /** The files listed: those with one of these extensions. */
      readonly listed: readonly string[]
      readonly resolve: (path?: string) => void
    }
  | {
      readonly kind: 'confirm'
      readonly message: string
      readonly actions: readonly string[]
      readonly resolve: (action?: string) => void
    }

/**
 * The app's own dialogs (the browser host's file dialog, confirmations), as promises: a command
 * awaits the user's answer; closing a dialog answers undefined.
 */
export const useDialogs = defineStore('dialogs', () => {
  const modal = shallowRef<Modal | undefined>()

  function pickFile(
    mode: 'open' | 'save',
    suggestedName = '',
    extension = '.json',
    listed: readonly string[] = [extension],
  ): Promise<string | undefined> {
    return new Promise((resolve) => {
      modal.value = {
        kind: 'file',
        mode,
        suggestedName,
        extension,
        listed,
        resolve: (p) => close(() => resolve(p)),
      }
    })
  }

  function confirm(message: string, actions: readonly string[]): Promise<string | undefined> {
    return new Promise((resolve) => {
      modal.value = { kind: 'confirm', message, actions, resolve: (a) => close(() => resolve(a)) }
    })
  }

  function close(after: () => void): void {
    modal.value = undefined
    after()
  }

  return { modal, pickFile, confirm }
})
