import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCards } from '../../shared/edgematch/cards/format'
import { countSolutions } from '../../shared/edgematch/cards/solve'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-generate-'))
const has = (tool: string) => spawnSync('which', [tool]).status === 0

describe('generate', () => {
  it('makes a triangle puzzle the solver finds exactly one solution of, up to turning', () => {
    const file = join(tmp, 'tri.txt')
    const r = cli(
      'generate',
      'triangle',
      '--rows',
      '3',
      '--figures',
      '6',
      '--seed',
      '4',
      '-o',
      file,
      '--json',
    )
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out).nodes).toBeGreaterThan(0)
    const count = cli('triangle', file, '--count', '--json')
    expect(JSON.parse(count.out).upToRotation).toBe(1)
  })

  it('makes card puzzles with one solution, with and without a frame, and prints them to cut out', () => {
    for (const frame of [[], ['--frame', '2']]) {
      const file = join(tmp, `cards${frame.length}.json`)
      const pdf = join(tmp, `cards${frame.length}.pdf`)
      const r = cli(
        'generate',
        'cards',
        '--rows',
        '4',
        '--figures',
        '5',
        ...frame,
        '-o',
        file,
        '--print',
        pdf,
      )
      expect(r.code, r.err).toBe(0)
      expect(r.out).toContain('exactly one solution up to turning the board')
      const c = countSolutions(parseCards(readFileSync(file, 'utf8'), file))
      expect([c.upToRotation, c.complete]).toEqual([1n, true])
      if (has('pdftotext')) {
        const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' })
        expect(text).toContain('Cut out the cards along their edges.')
        expect(text).toContain('a solution')
      }
    }
  })

  it('refuses what it cannot make, naming the option', () => {
    const r = cli('generate', 'hexagons', '-o', join(tmp, 'x'))
    expect(r.code).toBe(1)
    expect(r.err).toContain('generate makes "cards" or "triangle" puzzles')
    expect(cli('generate', 'cards', '--rows', '0', '-o', join(tmp, 'x')).err).toContain(
      '--rows must be',
    )
  })
})
