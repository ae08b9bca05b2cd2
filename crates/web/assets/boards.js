// The board class of each puzzle kind: the one place that maps a kind ("sudoku", "hidato") to
// the class that draws it, fills the settings form for it and writes its share links. Apart
// from here the page asks the board, never the kind. (A module of its own because the board
// classes import board.js: registering them there would be an import cycle evaluated at load.)
import { SudokuBoard } from './board-sudoku.js';
import { HidatoBoard } from './board-hidato.js';
import { familyBoard } from './board-family.js';
import { OPTIONS } from '/options.js';

/** The board class of a kind: Sudoku, Hidato, or a family the server offers (OPTIONS). */
export function boardClass(kind) {
  if (kind === 'sudoku') return SudokuBoard;
  if (kind !== 'hidato' && OPTIONS[kind]) return familyBoard(kind, OPTIONS);
  return HidatoBoard;
}

/** The families the server offers besides Sudoku and Hidato: [name, title], in its order. */
export function families() {
  return Object.entries(OPTIONS).filter(([k, o]) => k !== 'sudoku' && k !== 'hidato' && o.title).map(([k, o]) => [k, o.title]);
}

/** A new board for a game of the server. */
export function boardFor(game) {
  return new (boardClass(game.kind))(game);
}
