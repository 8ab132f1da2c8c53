/**
 * The documents the published numbers come from, as a reader cites them. Where a document does
 * not name its author or date, the field is left out rather than guessed.
 */
export interface SourceDocument {
  readonly id: string
  readonly author?: string
  readonly title: string
  readonly year?: string
  /** Where it appeared. */
  readonly appeared?: string
}

export const LAEUCHLI: SourceDocument = {
  id: 'laeuchli',
  author: 'P. Läuchli',
  title: 'Tangram – ein Puzzle-Problem für den Computer',
  year: '1967',
  appeared: 'Elemente der Mathematik 22, 73–96',
}

export const DREIECKSPUZZLE: SourceDocument = {
  id: 'dreieckspuzzle',
  title: 'Lösung Aufgabe 2 „Dreieckspuzzle“',
  year: '2020',
  appeared: 'a write-up for the 39. Bundeswettbewerb Informatik, 1. Runde',
}

export const HIB_SMILEY: SourceDocument = {
  id: 'hib-smiley',
  title: 'Das HIB Smiley-Puzzle',
  appeared: 'a programming lesson in Python',
}

export const DAMENPROBLEM: SourceDocument = {
  id: 'damenproblem',
  author: 'Jonathan Püttmann',
  title: 'Das Damenproblem',
  year: '2020',
}

export const TAKEUCHI_OKUNO: SourceDocument = {
  id: 'takeuchi-okuno',
  author: 'I. Takeuchi, H. Okuno',
  title: "N-queens game, TANGRAM & TAIT's problem",
  // Undated; its latest reference is of 1972.
  year: '1970s',
  appeared: 'NTT Musashino Electrical Communication Laboratory',
}

export const POHL_RICHTER: SourceDocument = {
  id: 'pohl-richter',
  author: 'Pohl & Richter',
  title: 'The complete characterization of tangram pentagons',
  year: '2020',
  appeared: 'Beiträge zur Algebra und Geometrie',
}

export const FOX_EPSTEIN: SourceDocument = {
  id: 'fox-epstein',
  author: 'E. Fox-Epstein, K. Katsumata, R. Uehara',
  title:
    'The Convex Configurations of “Sei Shonagon Chie no Ita,” Tangram, and Other Silhouette Puzzles with Seven Pieces',
  year: '2016',
  appeared: 'IEICE Trans. Fundamentals E99-A(6), 1084–1089 (arXiv:1407.1923)',
}

/** "P. Läuchli, Tangram – ein Puzzle-Problem für den Computer (1967)". */
export const citation = (d: SourceDocument): string =>
  `${d.author ? `${d.author}, ` : ''}${d.title}${d.year ? ` (${d.year})` : ''}`
