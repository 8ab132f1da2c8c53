import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startCliAtTerminal } from '../../testing/cli-at-terminal'
import { needTools } from '../../testing/tools'
import { parseCards } from '../../shared/edgematch/cards/format'
import { countSolutions } from '../../shared/edgematch/cards/solve'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-generate-'))
/** Eight rows of one figure: each draw is a long search; the default budget lasts 30 s or more. */
const hopeless = ['generate', 'triangle', '--rows', '8', '--figures', '1']

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

  it('makes card puzzles with one solution, with and without a frame, and prints them to cut out', (context) => {
    needTools(context, 'pdftotext')
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
      const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' })
      expect(text).toContain('Cut out the cards along their edges.')
      expect(text).toContain('a solution')
    }
  })

  it('refuses a board too few figures cannot make unique at once, and says why', () => {
    const r = cli('generate', 'cards', '--rows', '8', '--figures', '1', '-o', join(tmp, 'x.json'))
    expect(r).toEqual({
      code: 1,
      out: '',
      err: 'error: 8 × 8 cards with 1 figure cannot have exactly one solution: there are only 6 different cards, so some of the 64 are alike, and alike cards can swap places; use at least 2 figures\n',
    })
  })

  it('stops when its budget of search nodes is spent, saying so in one line', () => {
    const r = cli(...hopeless, '--max-nodes', '2e6', '-o', join(tmp, 'x.txt'))
    expect(r.code).toBe(1)
    expect(r.err).toMatch(
      /^error: no triangle puzzle with exactly one solution within 2,000,000 search nodes \(\d+ draws?\): try more figures or fewer rows\n$/,
    )
    expect(existsSync(join(tmp, 'x.txt'))).toBe(false)
  })

  it('stops at once on Ctrl-C, exiting 130 and writing nothing', async () => {
    const out = join(tmp, 'stopped.txt')
    const run = startCliAtTerminal(...hopeless, '-o', out)
    // Its worker searching: the bar counts the nodes of the draws.
    await run.printed(/search nodes/)
    process.kill(run.pid(), 'SIGINT')
    const { code, err } = await run.done
    expect(code).toBe(130)
    expect(err).toMatch(/stopped after .*; nothing was written\n$/)
    expect(existsSync(out)).toBe(false)
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
