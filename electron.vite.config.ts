import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'

/**
 * Main process (with the solver worker and the browser host as further entries, so all land in
 * out/main), preload, and the renderer, which the browser host also serves from out/renderer.
 */
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          'solver-worker': resolve('electron/worker/solver-worker.ts'),
          'queens-worker': resolve('electron/worker/queens-worker.ts'),
          'tait-worker': resolve('electron/worker/tait-worker.ts'),
          'puzzle-worker': resolve('electron/worker/puzzle-worker.ts'),
          // The browser host (npm run web), built beside them: it starts in a fraction of the
          // time the TypeScript sources take.
          'web-host': resolve('electron/web/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot be an ES module.
      rollupOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    resolve: { alias: [{ find: /^konva$/, replacement: resolve('renderer/src/konva.ts') }] },
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('renderer/index.html') },
    },
    plugins: [vue()],
  },
})
