/**
 * Writes renderer/src/assets/fonts/noto-sans-cjk-jp-subset.woff2: the CJK characters the app shows
 * (shared/papers/cjk.ts), cut from Noto Sans CJK JP (SIL Open Font License 1.1, see
 * LICENSE-NotoSansCJK.txt beside it), so that they show where no CJK font is installed. Needs
 * Debian's fonttools (pyftsubset) and the font, installed (fonts-noto-cjk) or only unpacked:
 *
 *   apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb noto
 *   npx tsx scripts/make-cjk-font.ts noto/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { cjkCharacters } from '../shared/papers/cjk'

const source = process.argv[2] ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
const target = join(
  import.meta.dirname,
  '..',
  'renderer/src/assets/fonts/noto-sans-cjk-jp-subset.woff2',
)

if (!existsSync(source)) {
  console.error(`${source}: no such font (apt-get install fonts-noto-cjk, or name the .ttc)`)
  process.exit(1)
}
const characters = cjkCharacters()
const run = spawnSync(
  'pyftsubset',
  [
    source,
    // The collection's first font is the Japanese one.
    '--font-number=0',
    `--unicodes=${characters.map((c) => c.codePointAt(0)!.toString(16)).join(',')}`,
    '--flavor=woff2',
    // Horizontal text only, no OpenType features needed: a few kilobytes.
    '--layout-features=',
    '--desubroutinize',
    '--drop-tables+=VORG,vhea,vmtx,BASE',
    `--output-file=${target}`,
  ],
  // The same bytes on every run: fontTools dates the font by SOURCE_DATE_EPOCH.
  { stdio: 'inherit', env: { ...process.env, SOURCE_DATE_EPOCH: '0' } },
)
if (run.error || run.status !== 0) {
  console.error(`pyftsubset failed: ${run.error?.message ?? `exit code ${run.status}`}`)
  process.exit(1)
}
console.log(`wrote ${target}: ${characters.length} characters, ${characters.join('')}`)
