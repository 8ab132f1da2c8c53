import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The domain core runs in the renderer as well as in Node: eslint.config.js keeps Node, Electron
 * and the app's other folders out of shared/ (its tests excepted). These lint snippets as files at
 * the paths given, with the project's own configuration.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** The import problems ESLint finds in `code` as the file `path`: one "line: message" each. */
async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` })
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line}: ${m.message}`)
}

const imports = (names: readonly string[]) =>
  names.map((name, i) => `import * as m${i} from '${name}'\nvoid m${i}\n`).join('')

describe('shared/ imports', () => {
  it('no Node built-in, with or without node:, nor a subpath of one', async () => {
    const names = [
      'crypto',
      'events',
      'fs/promises',
      'node:events',
      'node:test',
      ...builtinModules,
      ...builtinModules.map((m) => `node:${m}`),
    ]
    const found = await problems('shared/tiling/probe.ts', imports(names))
    expect(found).toHaveLength(names.length)
    expect(found.slice(0, 4)).toEqual([
      "1: 'crypto' import is restricted from being used by a pattern. shared/ must not import Node built-ins.",
      "3: 'events' import is restricted from being used by a pattern. shared/ must not import Node built-ins.",
      "5: 'fs/promises' import is restricted from being used by a pattern. shared/ must not import Node built-ins.",
      "7: 'node:events' import is restricted from being used by a pattern. shared/ must not import Node built-ins.",
    ])
  })

  it('nothing from Electron, electron/ or renderer/, however the path climbs there', async () => {
    const found = await problems(
      'shared/tiling/probe.ts',
      imports([
        'electron',
        'electron/main',
        '../../electron/services/workbench',
        '../../renderer/src/api',
        './../../electron/cli/main',
        '../../shared/../electron/services/documents',
      ]),
    )
    expect(found).toEqual([
      "1: 'electron' import is restricted from being used by a pattern. shared/ must not import Electron.",
      "3: 'electron/main' import is restricted from being used by a pattern. shared/ must not import Electron.",
      "5: '../../electron/services/workbench' import is restricted from being used by a pattern. shared/ must not import from electron/ or renderer/.",
      "7: '../../renderer/src/api' import is restricted from being used by a pattern. shared/ must not import from electron/ or renderer/.",
      "9: './../../electron/cli/main' import is restricted from being used by a pattern. shared/ must not import from electron/ or renderer/.",
      "11: '../../shared/../electron/services/documents' import is restricted from being used by a pattern. shared/ must not import from electron/ or renderer/.",
    ])
  })

  it('nothing loaded at run time with import()', async () => {
    expect(
      await problems('shared/probe.ts', "export const load = () => import('node:fs')\n"),
    ).toEqual(['1: shared/ imports statically, not with import().'])
  })

  it('its own modules and its packages pass, and so do its tests and the rest of the app', async () => {
    expect(
      await problems(
        'shared/tiling/probe.ts',
        imports(['zod', '../lattice/polygon', './search', 'eventsource-like', 'pathology']),
      ),
    ).toEqual([])
    const node = imports(['node:fs', 'crypto', '../../electron/services/solve-job'])
    expect(await problems('shared/tiling/probe.test.ts', node)).toEqual([])
    expect(await problems('electron/services/probe.ts', node)).toEqual([])
  })
})
