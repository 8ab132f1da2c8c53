import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import type { Rollup } from 'vite'

/**
 * Rollup drops comments in zod's sources that it cannot place and says so at length, once per
 * bundle (the app's and each Web Worker's): noise about a dependency that buries the build's
 * output. Every other warning is shown.
 */
const onwarn = (warning: Rollup.RollupLog, warn: (w: Rollup.RollupLog) => void) => {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return
  warn(warning)
}

/**
 * Main process (with the workers, the browser host and the command line as further entries, so
 * all land in out/main), preload, and the renderer, which the browser host also serves from
 * out/renderer. `scripts/build.mjs` builds each of the three when its sources changed.
 */
export default defineConfig({
  main: {
    build: {
      // Bundled rather than loaded from node_modules at run time: resolving and reading their
      // many small modules was most of the command line's start-up. Dependencies with native
      // parts (serialport) or loaded only for one command (pdfkit) stay external.
      externalizeDeps: {
        exclude: ['zod', 'commander', 'cli-progress', 'fast-xml-parser', 'svgpath'],
      },
      rollupOptions: {
        input: {
          index: resolve('electron/main/index.ts'),
          'farm-worker': resolve('electron/worker/farm-worker.ts'),
          // The browser host (npm run web) and the command line (npm run cli), built beside
          // them: they start in a fraction of the time the TypeScript sources take.
          'web-host': resolve('electron/web/main.ts'),
          // Its thread that parses and checks large messages.
          'message-reader': resolve('electron/web/message-reader-worker.ts'),
          cli: resolve('electron/cli/main.ts'),
        },
        onwarn,
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
      // The CSP allows fonts from the app's own files only, not inlined as data: URLs.
      assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
      rollupOptions: { input: resolve('renderer/index.html'), onwarn },
    },
    plugins: [vue()],
  },
})
