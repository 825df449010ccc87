// Declarations for board.js, the rules-free board widget (its header documents it in full).

import type { PictureName } from './pieces.js';

export { picturesFor } from './pieces.js';

/** A side: the engine's colour names. */
export type Side = 'white' | 'black';

/** Upper-case FEN letters to picture names (pieces.js), as `picturesFor(variant)` gives them. */
export type PictureMap = Readonly<Record<string, PictureName | string>>;

/** A piece on a square: its FEN letter, upper case White, `?` a face-down Immortal. */
export interface PlacedPiece {
  square: string;
  piece: string;
}

/** The last move as the board keeps it: two squares, or every square a turn changed. */
export type LastMove = { from: string; to: string } | { squares: string[] };

export interface BoardOptions {
  /** Up to 26; default 8. */
  files?: number;
  /** Ranks 1.. from White's side; default 8. */
  ranks?: number;
  /** Squares that do not exist (Quintessential's corners). */
  holes?: Iterable<string>;
  /** The side at the bottom; default white. */
  orientation?: Side;
  /** Letter to picture (pieces.js); default the chess pieces. */
  pictures?: PictureMap | null;
  /** The older form: letter to chess glyph; each glyph is drawn as its picture. */
  glyphs?: Readonly<Record<string, string>> | null;
  /** Letter to the name squares and the picker say (the engine's `pieces()`). */
  names?: Readonly<Record<string, string>>;
  /** The board's accessible name; default "Chess board". */
  label?: string;
  /** How long a moved piece slides, in ms (board-motion.js); default 0, no animation. */
  animation?: number;
}

/** What `createBoard` returns. Every method without a value of its own returns the board. */
export interface Board {
  /** The board's element (class `board`, role grid). */
  readonly element: HTMLElement;
  readonly files: number;
  readonly ranks: number;
  readonly holes: string[];
  /** The `glyphs` option as given, else null. */
  readonly glyphs: Readonly<Record<string, string>> | null;
  /** Upper-case letter to picture name, as the board draws. */
  readonly pictures: Readonly<Record<string, string>>;
  /** Upper-case letter to the host's name for it (the `names` option). */
  readonly names: Record<string, string>;
  readonly orientation: Side;
  /** The picked-up square, or null. */
  readonly selected: string | null;
  readonly lastMove: LastMove | null;
  readonly promotionOpen: boolean;
  /** The open picker's element (class promotion-layer), or null. */
  readonly promotionElement: HTMLElement | null;
  setPieces(pieces: Iterable<PlacedPiece>): Board;
  /** The only moves offered: each square with the squares its piece may go to. */
  setDestinations(destinations: ReadonlyMap<string, readonly string[]> | Readonly<Record<string, readonly string[]>> | null): Board;
  /**
   * The user made a move (never one the destinations do not offer). `dragged`: by dropping the
   * piece there, so that a drawing of the new position does not slide it again.
   */
  onMove(callback: (from: string, to: string, how: { dragged: boolean }) => void): Board;
  /** Highlights a move; null (or a missing square) clears. */
  setLastMove(from: string | null | undefined, to?: string | null): Board;
  /** `{from, to}`, every square a turn changed, or null. */
  highlight(move: { from?: string | null; to?: string | null } | readonly string[] | null | undefined): Board;
  /** The royal pieces in check: a square, a list, or null (clears). */
  setCheck(square: string | readonly string[] | null | undefined): Board;
  setOrientation(side: Side): Board;
  flip(): Board;
  deselect(): Board;
  /** Selects a square as a click would, showing its destinations (if it has any). */
  select(square: string | null): Board;
  /** Marks squares with the class `mark-NAME`, clearing those NAME marked before; [] clears. */
  mark(name: string, squares: readonly string[] | null | undefined): Board;
  /**
   * Asks which piece a pawn on `square` becomes: `choices` are FEN letters in the mover's case
   * (or notations, drawn as text); resolves to the chosen one, or null when cancelled.
   */
  choosePromotion(square: string, choices: Iterable<string> | null | undefined): Promise<string | null>;
  cancelPromotion(): Board;
  /** Read out by screen readers (an aria-live region). */
  announce(text: string): Board;
  /** How long a moved piece slides, in ms; 0 turns animation off. */
  setAnimation(ms: number): Board;
  /** The slide's duration in ms (0: off). */
  readonly animation: number;
  /** Keyboard focus on the board. */
  focus(): Board;
  destroy(): void;
}

/** Draws a board into `container` (replacing its children). */
export function createBoard(container: ParentNode, options?: BoardOptions): Board;

/** A piece element as the board draws it; `pictures` maps letters to pictures (or glyphs). */
export function createPiece(piece: string, pictures?: PictureMap | Readonly<Record<string, string>>): HTMLSpanElement;

/** "white pawn", "black dragon horse", "face-down Immortal", "white Z" (an unmapped letter). */
export function pieceName(piece: string, pictures?: PictureMap | Readonly<Record<string, string>>): string;

/** By the letter's case: upper case is White. */
export function pieceColor(piece: string): Side;

/** The square's name from zero-based coordinates: `squareName(4, 1)` is `e2`. */
export function squareName(file: number, rank: number): string;

/** The chess glyphs, for hosts that pass `glyphs`. */
export const ORTHODOX_GLYPHS: Readonly<{ K: string; Q: string; R: string; B: string; N: string; P: string }>;
