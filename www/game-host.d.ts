// Declarations for game-host.js: what a host (the page, <schach-board>) does with an engine
// Game on a board.js board (its header documents it).

import type { ActionInfo, Color, DecisionInfo, Game, Played, RecordInfo } from './pkg/schachwerk.js';
import type { Board } from './board.js';

/** `castling=true setup=reverse` (or with commas) as an object; the engine names bad values. */
export function parseOptions(text: string | null | undefined): Record<string, string>;

/** Options text with one option set (`key=value` last), or left out when `value` is null. */
export function withOption(text: string | null | undefined, key: string, value: string | null): string;

/** The board's destinations: each square with a legal action from it, and where they go. */
export function moveMap(actions: Iterable<Pick<ActionInfo, 'from' | 'to'>>): Map<string, string[]>;

/** Every square the last turn (the one under way too) changed, for the board to highlight. */
export function lastTurnSquares(game: Game): string[];

/** The variant's piece names by upper-case letter, `{Q: 'queen'}`: the board's `names` option. */
export function pieceNames(game: Game): Record<string, string>;

/** "The Immortal from a5 is a black knight, on b5.", from a played action's reveal; else null. */
export function revealText(game: Game, played: Pick<RecordInfo, 'reveal'> | null | undefined): string | null;

/** Whether `action` would reveal a hidden identity nobody here knows (no local referee). */
export function needsReferee(game: Game, action: string): boolean;

/** Plays one action of a record; with a local referee an entry's named piece must be the deal's. */
export function playRecorded(game: Game, move: string): Played;

/** Takes back to the start of `color`'s last turn. */
export function undoToTurnOf(game: Game, color: Color): void;

/** A button per keyword option of the decision, `data-action` its action. */
export function optionButtons(
  options: readonly { action: string; label: string }[],
  onClick: (action: string) => void,
): HTMLButtonElement[];

export interface GameHost {
  /**
   * Draws `game` on `board`: pieces, the last turn, check, the decision's marks, and the legal
   * destinations when the user may act (`interactive`, default true). Returns the decision.
   */
  draw(game: Game, board: Board, options?: { interactive?: boolean; pieces?: boolean }): DecisionInfo;
  /** The board's move: played (onAction), a picker opened, or refused (nothing legal). */
  move(from: string, to: string): 'played' | 'choosing' | 'refused';
  /** A keyword option chosen (a button of optionButtons). */
  choose(action: string): void;
  /** The legal action (as drawn last) with this machine string. */
  action(text: string): ActionInfo | undefined;
}

/** `onAction` receives each action the user chose (a machine string) for the host to play. */
export function createGameHost(options: { onAction: (action: string) => void }): GameHost;
