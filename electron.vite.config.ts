import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'

/**
 * Main process (with the solver worker as a second entry, so both land in out/main), preload,
 * and the renderer, which the browser host also serves from out/renderer.
 */
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          'solver-worker': resolve('electron/worker/solver-worker.ts'),
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
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('renderer/index.html') },
    },
    plugins: [vue()],
  },
})
