// Declarations for schach-board.js, the <schach-board> element (its header documents it).

import type {
  ActionInfo, Color, DecisionInfo, GameRecord, Played, PromotionInfo, RecordInfo, Status, TurnInfo,
} from './pkg/schachwerk.js';

/** What went wrong, as the `error` event and `lastError` give it. */
export interface SchachBoardErrorDetail {
  /** The engine's code (`unknown_variant`, `bad_option`, `bad_fen`, ...) or the element's (`engine_unavailable`). */
  code: string;
  message: string;
  /** The step that failed (the engine's load, an attribute, a move of `moves`, ...). */
  step: string;
}

/** An `Error` with the detail's `code` (and `step`): what `ready` rejects with. */
export interface SchachBoardError extends Error {
  code: string;
  step?: string;
}

/** `move`: a user's move, after it is played. */
export interface SchachBoardMoveDetail {
  action: string;
  notation: string;
  fen: string;
  status: Status;
  promotions: PromotionInfo[];
  /** The notation of the turn so far. */
  turn: string;
  /** What comes next. */
  decision: DecisionInfo;
}

/** `entry`: Immortal Chess without a local referee; nothing is played until the host names the piece. */
export interface SchachBoardEntryDetail {
  action: string;
  from: string | null;
  to: string | null;
}

/** `gameover`: the game has ended. */
export interface SchachBoardGameOverDetail {
  status: Status;
  fen: string;
}

/** `change`: the position changed, by a user's move, the host's play(), undo() or a new setup. */
export interface SchachBoardChangeDetail {
  fen: string;
  status: Status;
  cause: 'move' | 'play' | 'undo' | 'setup';
}

/**
 * The element's events, each a bubbling, composed `CustomEvent`, and an element's other events
 * (its `error` is the element's, not the `ErrorEvent` of HTMLElementEventMap).
 */
export interface SchachBoardEventMap extends Omit<HTMLElementEventMap, 'error'> {
  move: CustomEvent<SchachBoardMoveDetail>;
  entry: CustomEvent<SchachBoardEntryDetail>;
  error: CustomEvent<SchachBoardErrorDetail>;
  gameover: CustomEvent<SchachBoardGameOverDetail>;
  change: CustomEvent<SchachBoardChangeDetail>;
}

/** `<schach-board>`: a chess-variant board that validates every move with the engine. */
export class SchachBoard extends HTMLElement {
  /** Where every element loads the engine from (`schachwerk.js`); null: the engine bundled with the element. */
  static engineUrl: string | null;
  /** Resolves to the element once the engine has loaded and the first game is set up; rejects with a `SchachBoardError` (`code` `engine_unavailable`) when the engine cannot load. */
  readonly ready: Promise<SchachBoard>;
  /** The last error the element met (as its `error` event gave it), or null. */
  readonly lastError: SchachBoardErrorDetail | null;
  /** Plays a machine string or notation; throws the engine's Error with `code`. No `move` event. */
  play(action: string): Played;
  legalMoves(): ActionInfo[];
  undo(): RecordInfo;
  /** Starts again from the attributes. */
  reset(): void;
  flip(): void;
  /** The current position string (null before the engine has loaded); setting it starts a new game. */
  get fen(): string | null;
  set fen(value: string | null);
  readonly status: Status;
  readonly decision: DecisionInfo;
  turns(): TurnInfo[];
  history(): RecordInfo[];
  record(): GameRecord;
  variant: string;
  /**
   * The `options` attribute: `key=value` pairs, as the page's Options field. Nietzsche's
   * promotion sequence is one: `sequence=timur` (`fast`, the default, `crowned`, `timur`,
   * `eurasian`, `mixed-timur`, `mixed-eurasian`, `knighted`, `long-crowned`, `long-timur`,
   * `long-eurasian`, `ecumenical`, `wildeurasian`, `shogi`, `courier`).
   */
  options: string;
  orientation: Color;
  readonly: boolean;
  coordinates: boolean;

  addEventListener<K extends keyof SchachBoardEventMap>(
    type: K,
    listener: (this: SchachBoard, event: SchachBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SchachBoardEventMap>(
    type: K,
    listener: (this: SchachBoard, event: SchachBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** The engine at `url` (default `SchachBoard.engineUrl`; null: the bundled one), loaded and initialised once per URL. */
export function loadEngine(url?: string | null): Promise<typeof import('./pkg/schachwerk.js')>;

/** `castling=true setup=reverse` (or with commas) as an object. */
export function parseOptions(text: string | null | undefined): Record<string, string>;

/** The `moves` attribute as a list: separated by commas, or by spaces when it has no comma (brackets keep a whole turn). */
export function parseMoves(text: string | null | undefined): string[];

declare global {
  interface HTMLElementTagNameMap {
    'schach-board': SchachBoard;
  }
}
