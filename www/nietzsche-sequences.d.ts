// Declarations for nietzsche-sequences.js: Nietzsche Chess's promotion sequences.

import type { PictureName, Pictures } from './pieces.js';

/** A piece of a sequence: White's FEN letter (in that sequence) and its picture. */
export interface SequencePiece {
  readonly letter: string;
  readonly picture: PictureName;
}

/** A sequence: the option's value (`sequence=timur`), the rule page's title, the pieces in order. */
export interface Sequence {
  readonly option: string;
  readonly title: string;
  readonly pieces: readonly SequencePiece[];
}

/** The sequence of a game without the option: `'fast'`. */
export const DEFAULT_SEQUENCE: string;

/** Every sequence, in the rule page's order. */
export const SEQUENCES: readonly Sequence[];

/** The sequence that Nietzsche options choose (the default without one); null for an unknown name. */
export function sequenceOf(options?: Readonly<Record<string, unknown>> | null): Sequence | null;

/** The sequence's letters to pictures, the king's too. */
export function sequencePictures(sequence: Sequence): Pictures;
