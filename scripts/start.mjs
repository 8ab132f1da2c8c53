// npm start: the desktop app. Electron fetches its binary on first start; where that cannot be
// done (no internet), say so in one line and name the browser host instead.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ensureBuilt } from './build.mjs'

const require = createRequire(import.meta.url)
const electronDir = dirname(require.resolve('electron/package.json'))

function binary() {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const path = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(path) ? path : undefined
}

if (!binary()) {
  spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: 'ignore',
    timeout: 600_000,
  })
}
if (!binary()) {
  process.stderr.write(
    'npm start: the Electron binary could not be downloaded (no internet?); `npm run web` opens the same workbench in your browser.\n',
  )
  process.exit(1)
}
if (!(await ensureBuilt())) process.exit(1)
const cli = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
const child = spawn(process.execPath, [cli, 'preview', '--skipBuild'], { stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
