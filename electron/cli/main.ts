/**
 * The command line: `npm run -s cli -- <command> …`. Human-readable output by default, --json for
 * scripts; stdout carries only the result, progress and errors go to stderr. Exit codes: 0 done,
 * 1 bad input or a failed run, 130 interrupted (Ctrl-C; the partial result is still printed),
 * 141 nobody left to read the output (its pipe was closed, or the parent it writes to is gone).
 */
import { fstatSync } from 'node:fs'
import { Command, CommanderError } from 'commander'
import { InputError, RunError, SearchTooLargeError } from '../../shared/errors'
import { printable, SHOWN_NAME_LENGTH, shownName } from '../../shared/printable'
import { QUEUE_WORKERS } from '../../shared/tiling/estimate'
import { describeFsError } from '../services/fs-errors'
import type { KindName } from '../worker/protocol'

const controller = new AbortController()
let interrupted = false
process.on('SIGINT', () => {
  if (interrupted) process.exit(130)
  interrupted = true
  process.stderr.write('\nstopping… (Ctrl-C again to quit at once)\n')
  controller.abort()
})

// Stopped from outside: at once, its workers with it.
process.on('SIGTERM', () => process.exit(143))

// Nobody to read what it would print: end at once and quietly, as a program on a closed pipe
// does (its workers end with it), instead of a stack trace or hours of counting for nobody.
const readerGone = () => process.exit(141)
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') readerGone()
    process.stderr.write(`error: cannot write the output (${describeFsError(e)})\n`)
    process.exit(1)
  })
}
// Output to a pipe or a terminal goes to the parent or through it; once the parent is gone (this
// process is handed to init), so is the reader. Output to a file still has one: `nohup … > file`
// counts on.
const stdout = fstatSync(1)
if (stdout.isFIFO() || stdout.isSocket() || process.stdout.isTTY) {
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && readerGone(), 500).unref()
}

// Names in the output come from files and arguments anyone may have written: their control
// characters are shown escaped, never sent to the terminal.
const write = (text: string): void => {
  const shown = printable(text)
  process.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`)
}
/** An error line: printable, and an argument of more than a name's length cut where it is echoed. */
const errorText = (message: string): string =>
  printable(
    process.argv
      .slice(2)
      .filter((arg) => arg.length > SHOWN_NAME_LENGTH)
      .reduce((m, arg) => m.split(arg).join(shownName(arg)), message),
  )
let exitCode = 0
/** Ends the worker processes a command started ahead of its run, if its run did not take them. */
let closeWorkersAhead = (): void => {}
/** A farm command's worker processes, started before its code loads (jobs.ts). */
const workersAhead = async (
  o: { jobs?: string; queue?: string },
  kind: KindName,
): Promise<void> => {
  closeWorkersAhead = (await import('./jobs')).workersAhead(o, kind)
}
/** A command's output written, or (null) none: Ctrl-C stopped it, exit 130. */
const said = (text: string | null): number => (text === null ? 130 : (write(text), 0))

const program = new Command('puzzle-workbench')
  .description(
    'Tangram-style tiling puzzles on the square grid with its diagonals (areas in half-square triangles).',
  )
  .showHelpAfterError('(run with --help for usage)')
  .configureOutput({ outputError: (text, out) => out(errorText(text)) })
  .exitOverride()

program
  .command('outlines')
  .description(
    "every convex outline of area F, one per congruence class (Läuchli's Program 3 preamble)",
  )
  .requiredOption('--area <F>', 'area in half-square triangles')
  .option('--json', 'machine-readable output')
  .action(async (opts) => {
    const { outlinesCommand } = await import('./commands/outlines')
    write(outlinesCommand(opts))
  })

const QUEUE_HELP =
  "run the tasks on the machines serving this Redis queue ('worker --queue URL' on each) instead of here: redis://[:password@]HOST:PORT"

const searchOptions = (c: Command) =>
  c
    .option('--json', 'machine-readable output')
    .option('--raw', 'count every tiling of the fixed figure instead of up to its symmetries')
    .option('--jobs <n>', 'solver processes to use (default: one per core)')
    .option('--force', 'run even a search estimated to take days')
    .option(
      '--estimate',
      "search nothing: each figure ruled out or its search's size (Knuth's estimate) and speed here, and the time here and on a queue",
    )
    .option(
      '--queue-workers <n>',
      `with --estimate: the queue's workers to reckon on (default: with --queue, the processes serving it; else ${QUEUE_WORKERS})`,
    )
    .option('--no-progress', 'no progress bar on stderr')

searchOptions(
  program
    .command('convex <set>')
    .description('every convex figure the set makes, grouped by outline (Programs 2 and 3)')
    .option('--list', 'list the tilings as placed piece polygons')
    .option('--checkpoint <file>', 'record finished tasks here; run again to resume a stopped run')
    .option('--queue <url>', QUEUE_HELP),
).action(async (set: string, opts) => {
  const { convexCommand } = await import('./commands/convex')
  exitCode = await convexCommand(set, opts, controller.signal, write)
})

searchOptions(
  program
    .command('tile <set> <figures...>')
    .description(
      'build a figure from the set (Program 1): the first tiling, all of them, or the count',
    )
    .option('--count', 'count the tilings only')
    .option('--all', 'list every tiling')
    .option('--queue <url>', QUEUE_HELP),
).action(async (set: string, figures: string[], opts) => {
  const { tileCommand } = await import('./commands/tile')
  // One result per figure: with --json, one JSON object a line.
  exitCode = await tileCommand(set, figures, opts, controller.signal, write)
})

searchOptions(
  program
    .command('export <set>')
    .description(
      'solve the set (every convex figure, or --figure) and write the solutions as SVG, PDF, HPGL, G-code or line-printer text',
    )
    .requiredOption('-o, --output <file>', "the file to write ('-' for standard output)")
    .option('--format <format>', 'svg, pdf, hpgl, gcode or txt (default: from the file name)')
    .option('--figure <figure>', 'build this figure (a file or bundled name) instead')
    .option('--solution <n>', 'only the n-th solution')
    .option('--trace', "text: the search up to the first tiling of --figure (the paper's Figure 7)")
    .option('--paper <paper>', 'A4, A3 or Letter', 'A4')
    .option('--landscape', 'turn the paper')
    .option('--columns <n>', 'solutions side by side', '6')
    .option(
      '--unit <mm>',
      'size: mm per lattice unit (then as many columns as fit; with --pieces the true size, default 25)',
    )
    .option(
      '--pieces',
      "a cut template instead: every piece at its true size (--unit), nested on the paper (svg, pdf) or the plotter's (hpgl, gcode)",
    )
    .option(
      '--kerf <mm>',
      "--pieces: the cutter's kerf; each cut line lies half of it outside",
      '0',
    )
    .option('--margin <mm>', 'page margins in mm', '15')
    .option('--gap <mm>', 'distance of the double outline in mm (0: single)', '0.7')
    .option('--no-colors', 'no piece colours')
    .option('--labels', 'write the piece names on the pieces')
    .option(
      '--device <plotter>',
      'HPGL: hp7475a (default), hp7550a, roland-dxy; G-code: grbl-servo (default), grbl-z; or one of devices.json in the settings folder',
    )
    .option(
      '--plotter-paper <paper>',
      "HPGL, G-code: the plotter's paper (default: A3 for A3, else A4)",
    )
    .option('--pens <pens>', "HPGL, G-code: 'one' pen, or 'colors' (a pen per piece colour)", 'one')
    .option('--scale <scale>', "HPGL, G-code: 'fit' the paper, or times the sheet's size", 'fit')
    .option('--relative', 'HPGL: relative moves (PR)')
    .option('--velocity <cm/s>', "HPGL: pen speed (default: the plotter's)"),
).action(async (set: string, opts) => {
  const { exportCommand } = await import('./commands/export')
  exitCode = await exportCommand(set, opts, controller.signal, write)
})

program
  .command('triangle <file>')
  .description(
    'the triangle edge-matching puzzle (BwInf "Dreieckspuzzle"): one solution, all of them, or the counts',
  )
  .option('--all', 'list every solution of the fixed triangle')
  .option('--count', 'count the solutions only (--json: {"fixed":N,"upToRotation":M})')
  .option('--queue <url>', QUEUE_HELP)
  .option('--json', 'machine-readable output')
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (file: string, opts) => {
    const { triangleCommand } = await import('./commands/triangle')
    exitCode = said(await triangleCommand(file, opts, controller.signal))
  })

program
  .command('import-figure <svg>')
  .description(
    "a silhouette drawn in SVG (polygons, rects, straight paths) as an exact figure of the set: the unit from the set's area, each edge snapped to 45° and to sums of the set's edge lengths (less at most one edge); shapes with ids naming the set's pieces also give their tiling",
  )
  .requiredOption('--set <set>', 'the piece set (a file, or a bundled set by name)')
  .requiredOption('-o, --output <file>', "the figure file to write ('-' for standard output)")
  .option(
    '--tolerance <fraction>',
    'how far a drawn corner may lie from its exact place, as a fraction of the unit',
    '0.05',
  )
  .option('--json', 'machine-readable output')
  .action(async (svg: string, opts) => {
    const { importFigureCommand } = await import('./commands/import-figure')
    exitCode = await importFigureCommand(svg, opts, write)
  })

program
  .command('generate <kind>')
  .description(
    'a new puzzle ("cards" or "triangle") with exactly one solution up to turning the board, proven by the exhaustive count',
  )
  .requiredOption(
    '-o, --output <file>',
    "the puzzle file to write (card JSON, or the contest format; '-' for standard output)",
  )
  .option('--rows <n>', 'rows of the board', '3')
  .option('--cols <n>', 'cards: columns (default: as many as rows)')
  .option('--figures <n>', 'kinds of figure (colours)', '4')
  .option('--frame <n>', 'cards: frame colours for an Eternity-style border')
  .option('--seed <n>', 'random seed', '1')
  .option('--print <file>', 'also print the pieces to cut out and the solution (.pdf, or .svg)')
  .option(
    '--max-nodes <n>',
    'search nodes to spend at most, all draws together (default: 1e9 for cards, 1e8 for a triangle, about half a minute)',
  )
  .option('--queue <url>', QUEUE_HELP)
  .option('--json', 'machine-readable output')
  .option('--no-progress', 'no progress line on stderr')
  .action(async (kind: string, opts) => {
    const { generateCommand } = await import('./commands/generate')
    exitCode = await generateCommand(kind, opts, controller.signal, write)
  })

program
  .command('cards <file>')
  .description(
    'square edge-matching cards (the HIB smiley puzzle; a card file or bundled name): one solution, one per class up to turning the board, or the counts',
  )
  .option('--all', 'list one solution per class up to turning the board')
  .option('--count', 'count the solutions only (--json: {"fixed":N,"upToRotation":M})')
  .option(
    '--identical-as-one',
    'take identical cards (one equal to another turned) as one: N and M then count boards by what they show, not by which card shows it',
  )
  .option('--queue <url>', QUEUE_HELP)
  .option('--json', 'machine-readable output (cards numbered from 1, turns counter-clockwise)')
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (file: string, opts) => {
    const { cardsCommand } = await import('./commands/cards')
    exitCode = said(await cardsCommand(file, opts, controller.signal))
  })

program
  .command('worker')
  .description(
    'serve a Redis queue: run the tasks of any run given --queue URL (convex, tile, queens count, tait, generate, cards, triangle, the app) on this machine, until Ctrl-C',
  )
  .requiredOption('--queue <url>', 'the queue: redis://[:password@]HOST:PORT')
  .option('--jobs <n>', 'worker processes (default: one per core)')
  .option(
    '--stall-after <seconds>',
    'a task whose worker stops answering (killed, its machine gone) goes to another worker within this long',
    '15',
  )
  .action(async (opts) => {
    const { workerCommand } = await import('./commands/worker')
    exitCode = await workerCommand(opts, controller.signal)
  })

const queens = program
  .command('queens')
  .description(
    'the n-queens problem: count the solutions (all cores, resumable, in shards), list them, chart the partial solutions, and the two-player queens game',
  )
queens
  .command('count <n>')
  .description(
    'every placement of n non-attacking queens, and those distinct up to the 8 symmetries of the board',
  )
  .option('--json', 'machine-readable output: {"n":N,"solutions":…,"unique":…}')
  .option('--jobs <n>', 'worker processes (default: one per core)')
  .option('--checkpoint <file>', 'record finished tasks here; run again to resume a stopped run')
  .option('--shard <i/k>', 'count only part i of k (merge the parts with "queens merge")')
  .option('--queue <url>', QUEUE_HELP)
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (n: string, opts) => {
    await workersAhead(opts, 'queens')
    const { queensCountCommand } = await import('./commands/queens')
    exitCode = await queensCountCommand(n, opts, controller.signal, write)
  })
queens
  .command('game <n>')
  .description(
    'the two-player queens game (place a queen no queen attacks; who cannot, loses): who wins, and with which first moves',
  )
  .option(
    '--json',
    'machine-readable output: {"n":N,"winner":"first"|"second","moves":[[row,col],…]} (from 0)',
  )
  .option('--search', 'decide odd n by search too, not by the reflection theorem')
  .action(async (n: string, opts) => {
    const { queensGameCommand } = await import('./commands/queens')
    write(await queensGameCommand(n, opts))
  })
queens
  .command('list <n>')
  .description('the solutions for n ≤ 12, drawn as boards')
  .option('--unique', 'one per class of the 8 symmetries (the least image), with its class size')
  .option('--limit <k>', 'the first k only')
  .option('--json', 'machine-readable output: columns per row, from 0')
  .action(async (n: string, opts) => {
    const { queensListCommand } = await import('./commands/queens')
    write(await queensListCommand(n, opts))
  })
queens
  .command('partials <n>')
  .description(
    'the partial solutions per column: t non-attacking queens in the first t columns, t = 1 … n',
  )
  .option('--json', 'machine-readable output: {"n":N,"partials":[…]}')
  .action(async (n: string, opts) => {
    const { queensPartialsCommand } = await import('./commands/queens')
    write(await queensPartialsCommand(n, opts))
  })
queens
  .command('merge <files...>')
  .description(
    'add up the checkpoints of finished shards (queens count --shard i/k --checkpoint F)',
  )
  .option('--json', 'machine-readable output')
  .action(async (files: string[], opts) => {
    const { queensMergeCommand } = await import('./commands/queens')
    write(await queensMergeCommand(files, opts))
  })

program
  .command('tait <n>')
  .description(
    "Tait's problem: n white and n black stones alternating, empty cells at the right end; move two adjacent stones at a time into two adjacent empty cells until each colour is one block. The fewest moves and how many sequences that short",
  )
  .option('--gaps <G>', 'pairs of empty cells at the right end (1 to 4)', '1')
  .option('--list', 'print the sequences, a row of the board per move')
  .option('--limit <k>', 'with --list: the first k sequences only (default 20)')
  .option('--paper', "count what the paper's program finds (pruned by its bound (2)) instead")
  .option('--queue <url>', QUEUE_HELP)
  .option('--json', 'machine-readable output: {"n":N,"gaps":G,"moves":M,"sequences":S}')
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (n: string, opts) => {
    const { taitCommand } = await import('./commands/tait')
    exitCode = await taitCommand(n, opts, controller.signal, write)
  })

program
  .command('pentagons <set>')
  .description(
    'every pentagon the set makes (TANGRAM-5), on one lattice (snug) and on two, each with a dissection; the tilings of the lattice ones',
  )
  .option(
    '--json',
    'machine-readable output: {"pentagons":[{"corners":[["x","y"],…],"sides":[…],"angles":[…],"snug":…,"convex":…,"tilings":N,"dissection":[…]},…],"snug":…,"nonSnug":…,"total":…}',
  )
  .option('--jobs <n>', 'worker processes to search on (default: one per core)')
  .option('--queue <url>', QUEUE_HELP)
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (set: string, opts) => {
    await workersAhead(opts, 'pentagons')
    const { pentagonsCommand } = await import('./commands/pentagons')
    exitCode = await pentagonsCommand(set, opts, controller.signal, write)
  })

program
  .command('puzzles <set>')
  .description(
    'figures the set builds (--unique: in exactly one way up to their symmetries), each proven by the exhaustive count and rated by its search nodes; optionally a booklet',
  )
  .option('--count <n>', 'how many figures', '10')
  .option('--unique', 'only figures with exactly one solution')
  .option('--convex', 'convex figures (every convex outline of the area)')
  .option('--any', 'any simple figure of the area, drawn at random from arrangements (default)')
  .option('--symmetric', 'only figures with a symmetry')
  .option(
    '--turns <deg>',
    '45: figures grown with pieces turned by 45° too (sets such as the tangram), counted exactly; corners in the figure-file notation',
    '90',
  )
  .option('--seed <n>', 'random seed (--any)', '1')
  .option(
    '-o, --output <file>',
    "a booklet: the figures, then the solutions (.pdf or .svg; '-': a PDF on standard output)",
  )
  .option(
    '--unit <mm>',
    'the booklet at true size, mm per lattice unit: each puzzle on a page of its own to build on',
  )
  .option(
    '--json',
    'machine-readable output: {"figures":[{"polygon":[[x,y],…],"solutions":1,"nodes":…},…]}',
  )
  .option('--jobs <n>', 'worker processes to count on (default: one per core)')
  .option('--queue <url>', QUEUE_HELP)
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (set: string, opts) => {
    await workersAhead(opts, 'silhouettes')
    const { puzzlesCommand } = await import('./commands/puzzles')
    exitCode = await puzzlesCommand(set, opts, controller.signal, write)
  })

program
  .command('compare <sets...>')
  .description(
    "sets of one area side by side (2 to 8): every convex outline of the area counted for each, and per set the outlines it makes, those only it makes, and its tilings (the app's Compare view)",
  )
  .option(
    '--json',
    'machine-readable output: {"area":F,"sets":[{"name":…,"outlines":…,"only":…,"tilings":…},…],"outlines":[{"number":…,"name":…,"polygon":[[x,y],…],"counts":[{"solutions":…,"fixed":…},…]},…]}',
  )
  .option('--jobs <n>', 'worker processes to count on (default: one per core)')
  .option('--queue <url>', QUEUE_HELP)
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (sets: string[], opts) => {
    const { compareCommand } = await import('./commands/compare')
    exitCode = await compareCommand(sets, opts, controller.signal, write)
  })

program
  .command('design')
  .description(
    'the set explorer: every set of K polyaboloes of total area F (a piece and its mirror image are one), ranked by the convex outlines it makes, then by tilings',
  )
  .requiredOption('--area <F>', 'total area in half-square triangles')
  .requiredOption('--pieces <K>', 'pieces in a set')
  .option('--top <N>', 'keep the best N sets and every set tied with the N-th', '10')
  .option('--max-piece-area <A>', 'no piece larger than A half-squares')
  .option('--from <figure>', 'only sets that cut this figure (a figure file or bundled name)')
  .option('--jobs <n>', 'worker processes to search the sets on (default: one per core)')
  .option('--queue <url>', QUEUE_HELP)
  .option(
    '--json',
    'machine-readable output: {"sets":[{"pieces":[{"polygon":[[x,y],…],"count":k,"name":…},…],"outlines":n,"tilings":m,"made":[{"outline":i,"tilings":t},…]},…],"outlines":[…],"stats":{…},"complete":…}',
  )
  .option('--no-progress', 'no progress bar on stderr')
  .action(async (opts) => {
    const { designCommand } = await import('./commands/design')
    exitCode = await designCommand(opts, controller.signal, write)
  })

program
  .command('reproduce')
  .description('every number the source documents publish, beside the computed one')
  .option('--json', 'machine-readable output')
  .option('--only <prefix>', 'only the numbers whose id starts with this')
  .action(async (opts) => {
    const { reproduceCommand } = await import('./commands/reproduce')
    const { text, ok } = reproduceCommand(opts)
    write(text)
    if (!ok) exitCode = 1
  })

program
  .command('sets')
  .description('the bundled piece sets (pass their names instead of a file)')
  .option('--json', 'machine-readable output')
  .action(async (opts) => {
    const { setsCommand } = await import('./commands/sets')
    write(setsCommand(opts))
  })

program
  .command('plot <file>')
  .description(
    'send an HPGL file to a pen plotter on a serial port, or write it to a raw device; or a G-code file (.gcode, .nc) to a GRBL plotter; or an HPGL file at its true size to an AxiDraw (--profile axidraw-v3), a layer per pen',
  )
  .option('--port <path>', 'the serial port the plotter is on')
  .option(
    '--profile <id>',
    'the device profile: its pen for G-code, an AxiDraw (EBB) to plot an HPGL file on, its speeds for --dry-run (default hp7475a, grbl-servo)',
  )
  .option('--dry-run', 'open no port: say how long the plot takes and how far the pen travels')
  .option(
    '--no-pen-change',
    "G-code and AxiDraw: go on at each new pen's layer without waiting for Enter",
  )
  .option('--device <path>', 'a device to write to instead (no answers, no resuming)')
  .option('--baud <n>', 'baud rate (default 9600, GRBL 115200; 8 data bits, no parity, 1 stop bit)')
  .option('--flow <kind>', 'flow control: escb (default, polls the plotter), rtscts or xonxoff')
  .option('--timeout <s>', 'how long to wait for a dropped line to come back (default 30)')
  .option(
    '--from <point>',
    'go on with a plot cancelled by Ctrl-C from where the plotter stopped: the point its message gave',
  )
  .action(async (file: string, opts) => {
    // Loaded here: the serial port's native module is for this command alone.
    const { plotCommand } = await import('./commands/plot')
    exitCode = await plotCommand(file, opts, controller.signal, write)
  })

try {
  await program.parseAsync(process.argv)
  process.exitCode = exitCode
} catch (e) {
  if (e instanceof CommanderError) process.exitCode = e.exitCode
  else if (e instanceof InputError || e instanceof RunError) {
    const hint =
      e instanceof SearchTooLargeError
        ? '; run with --estimate to see where, or with --force to run it anyway'
        : ''
    process.stderr.write(`error: ${errorText(e.message)}${hint}\n`)
    process.exitCode = 1
  } else {
    process.stderr.write(`internal error: ${(e as Error).stack ?? e}\n`)
    process.exitCode = 2
  }
} finally {
  closeWorkersAhead()
}

// Stopped with Ctrl-C: once what it printed is out, it ends, whatever still waits (a Redis that is
// away leaves its client library retrying for seconds after the run has ended).
if (interrupted) {
  await Promise.all(
    [process.stdout, process.stderr].map((s) => new Promise((flushed) => s.write('', flushed))),
  )
  process.exit()
}
