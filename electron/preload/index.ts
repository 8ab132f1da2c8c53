import { contextBridge, ipcRenderer } from 'electron'
import type { Bridge } from '../../shared/api/wire'

/**
 * The renderer's whole view of the app: one call (method and parameters, checked in the main
 * process) and one event stream. Nothing else crosses the context boundary.
 */
const bridge: Bridge = {
  call: (method, params) => ipcRenderer.invoke('workbench:call', { method, params }),
  onEvent: (listener) => {
    const f = (_e: unknown, event: Parameters<typeof listener>[0]) => listener(event)
    ipcRenderer.on('workbench:event', f)
    return () => ipcRenderer.off('workbench:event', f)
  },
}
contextBridge.exposeInMainWorld('workbench', bridge)
