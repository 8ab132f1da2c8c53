import { onBeforeUnmount, onMounted } from 'vue'
import { useDialogs } from '../stores/dialogs'

/**
 * Keys while a panel dialog is open: Escape closes it, and the app's shortcuts (open, save,
 * switch view) do not act behind it. A file or confirm dialog above it takes the keys first.
 */
export function useDialogKeys(close: () => void): void {
  const dialogs = useDialogs()
  function onKey(e: KeyboardEvent): void {
    if (dialogs.modal) return
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
    } else if (e.ctrlKey || e.metaKey || e.altKey) e.stopPropagation()
  }
  // Capture phase: runs before the app's own window listener.
  onMounted(() => window.addEventListener('keydown', onKey, true))
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey, true))
}
