import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bruteForceCards } from '../../testing/brute/cards'
import { formatCards, parseCards } from '../../shared/edgematch/cards/format'
import { randomCardPuzzle } from '../../shared/edgematch/cards/random'
import { verifyCardBoard } from '../../shared/edgematch/cards/verify'
import { startCliAtTerminal } from '../../testing/cli-at-terminal'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-cards-'))
const file = (name: string, content: string) => {
  const path = join(tmp, name)
  writeFileSync(path, content)
  return path
}

describe('cards command', () => {
  it('--count --json prints exactly the two counts; --identical-as-one changes what they count', () => {
    const apart = cli('cards', 'hib-smiley', '--count', '--json')
    expect(apart).toEqual({ code: 0, out: '{"fixed":16,"upToRotation":4}\n', err: '' })
    const asOne = cli(
      'cards',
      'resources/cards/hib-smiley.json',
      '--count',
      '--json',
      '--identical-as-one',
    )
    expect(asOne).toEqual({ code: 0, out: '{"fixed":8,"upToRotation":2}\n', err: '' })
  })

  it('without flags prints one solution and names the identical cards', () => {
    const r = cli('cards', 'hib-smiley')
    expect(r.code).toBe(0)
    expect(r.err).toBe('')
    const lines = r.out.split('\n')
    expect(lines[0]).toBe(
      'HIB smiley puzzle: a solution (card numbers as in the file, ↺ quarter turns counter-clockwise):',
    )
    expect(lines.slice(1, 14).filter((l) => /^\|.*#\d↺\d/.test(l))).toHaveLength(3)
    expect(r.out).toContain('Identical cards (one is another turned): 3 and 8; told apart')
  })

  it('--all --json lists one valid solution per class', () => {
    const j = JSON.parse(cli('cards', 'hib-smiley', '--all', '--json').out)
    expect(j).toMatchObject({ fixed: 16, upToRotation: 4, identical: [[3, 8]] })
    expect(j.solutions).toHaveLength(4)
    const hib = parseCards(readFileSync('resources/cards/hib-smiley.json', 'utf8'), 'hib')
    for (const rows of j.solutions as { card: number; turns: number }[][][]) {
      const board = rows.flat().map((p) => ({ card: p.card - 1, turns: p.turns }))
      expect(verifyCardBoard(hib, board)).toBeUndefined()
    }
  })

  it('counts past 2^53 exactly: 25 identical cards lie in 25! ways, JSON giving big counts as strings', () => {
    const card = [
      ['a', 0],
      ['a', 0],
      ['a', 0],
      ['a', 0],
    ]
    const board = (side: number) =>
      file(
        `alike-${side}.json`,
        JSON.stringify({
          rows: side,
          cols: side,
          match: 'same',
          cards: Array(side * side).fill(card),
        }),
      )
    const five = board(5)
    const text = cli('cards', five, '--count').out
    expect(text).toMatch(
      /^alike-5\.json: 15,511,210,043,330,985,984,000,000 solutions on the fixed board, 3,877,802,510,832,746,496,000,000 up to turning the board/,
    )
    expect(text).toContain('Identical cards (one is another turned): 1–25; told apart')
    expect(cli('cards', five, '--count', '--json').out).toBe(
      '{"fixed":"15511210043330985984000000","upToRotation":"3877802510832746496000000"}\n',
    )
    let f1024 = 1n
    for (let i = 2n; i <= 1024n; i++) f1024 *= i
    expect(JSON.parse(cli('cards', board(32), '--count', '--json').out)).toEqual({
      fixed: f1024.toString(),
      upToRotation: (f1024 / 4n).toString(),
    })
  })

  it('counts a generated puzzle as the brute force does, and says when there is none', () => {
    const { puzzle } = randomCardPuzzle(3, 3, 4, undefined, 5)
    const brute = bruteForceCards(puzzle)
    const path = file('random.json', formatCards(puzzle))
    expect(JSON.parse(cli('cards', path, '--count', '--json').out)).toEqual({
      fixed: Number(brute.fixed),
      upToRotation: Number(brute.upToRotation),
    })
    const [first, ...rest] = puzzle.cards
    const none = { ...puzzle, cards: [[[99, 0], ...first.slice(1)], ...rest] } as typeof puzzle
    const r = cli('cards', file('none.json', formatCards(none)))
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^random 3×3, 4 figures, seed 5 has no solution\.\n/)
  })

  it.each([
    [
      ['cards', 'nope'],
      'error: nope: no such file, and no bundled card set of that name (bundled: hib-smiley)',
    ],
    [['cards', 'hib-smiley', '--all', '--count'], 'error: choose --all or --count, not both'],
    [['cards', tmp], `error: ${tmp}: is a folder, not a card file`],
    [
      [
        'cards',
        file(
          'bad.json',
          '{\n  "rows": 1,\n  "cols": 1,\n  "cards": [\n    [["a", 0], ["a", 2], ["a", 1], ["a", 0]]\n  ]\n}',
        ),
      ],
      'error: bad.json: line 5: card 1, west edge: the half must be 0 or 1, not 2',
    ],
  ])('bad input %j exits 1 with one line on stderr', (args, message) => {
    const r = cli(...args)
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err).toBe(`${message}\n`)
  })

  it('--help says what --identical-as-one changes', () => {
    expect(cli('cards', '--help').out).toMatch(/--identical-as-one\s+take identical cards/)
  })

  it('a search for one solution shows its nodes and time on a terminal, and Ctrl-C stops it', async () => {
    // A card whose four figures nothing matches: no board, so the whole (large) tree is searched.
    const { puzzle } = randomCardPuzzle(6, 6, 2, undefined, 1)
    const cards = [
      ...puzzle.cards.slice(1),
      [
        [7, 0],
        [8, 0],
        [9, 0],
        [10, 0],
      ] as const,
    ]
    const path = file('unsolvable.json', formatCards({ ...puzzle, cards }))
    const line =
      /Searching for a solution… [\d.,]+( million)? search nodes \| \d+ s \| Ctrl-C stops/
    const run = startCliAtTerminal('cards', path)
    await run.printed(line)
    process.kill(run.pid(), 'SIGINT')
    const { code, out, err } = await run.done
    expect(err).toMatch(line)
    expect(out + err).not.toContain('has no solution')
    expect(code).toBe(130)
  }, 120_000)
})
