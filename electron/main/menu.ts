import { app, Menu, type MenuItemConstructorOptions } from 'electron'
import type { MenuCommand } from '../../shared/api/contract'

/** The native menus; every command goes to the renderer, which owns the document. */
export function buildMenu(
  recent: readonly string[],
  send: (command: MenuCommand, path?: string) => void,
): void {
  const item = (
    label: string,
    command: MenuCommand,
    accelerator?: string,
  ): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => send(command),
  })
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        item('New', 'new', 'CmdOrCtrl+N'),
        item('Open…', 'open', 'CmdOrCtrl+O'),
        {
          label: 'Open Recent',
          submenu: recent.length
            ? recent.map((path) => ({ label: path, click: () => send('open-recent', path) }))
            : [{ label: 'No recent files', enabled: false }],
        },
        { type: 'separator' },
        item('Save', 'save', 'CmdOrCtrl+S'),
        item('Save As…', 'save-as', 'CmdOrCtrl+Shift+S'),
        item('Export…', 'export', 'CmdOrCtrl+E'),
        { type: 'separator' },
        { role: 'quit', accelerator: 'CmdOrCtrl+Q' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        item('Undo', 'undo', 'CmdOrCtrl+Z'),
        item('Redo', 'redo', process.platform === 'darwin' ? 'Shift+Cmd+Z' : 'Ctrl+Y'),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
      ],
    },
    { label: 'Help', submenu: [{ label: `Puzzle Workbench ${app.getVersion()}`, enabled: false }] },
  ]
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
