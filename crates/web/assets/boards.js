// The board class of each puzzle kind: the one place that maps a kind ("sudoku", "hidato") to
// the class that draws it, fills the settings form for it and writes its share links. Apart
// from here the page asks the board, never the kind. (A module of its own because the board
// classes import board.js: registering them there would be an import cycle evaluated at load.)
import { SudokuBoard } from './board-sudoku.js';
import { HidatoBoard } from './board-hidato.js';

/** The board class of a kind; anything but "sudoku" is a Hidato, as the form has two kinds. */
export function boardClass(kind) {
  return kind === 'sudoku' ? SudokuBoard : HidatoBoard;
}

/** A new board for a game of the server. */
export function boardFor(game) {
  return new (boardClass(game.kind))(game);
}
