// Declarations for pieces.js, the piece pictures (its header documents them).

/** The name of a picture. */
export type PictureName =
  | 'king' | 'queen' | 'rook' | 'bishop' | 'knight' | 'pawn'
  | 'leeloo' | 'centurion' | 'quintessence' | 'janus' | 'dragon-horse'
  | 'impulse' | 'catalyst' | 'cardinal' | 'marshal' | 'ace' | 'immortal'
  // Nietzsche's sequences (nietzsche-sequences.js).
  | 'camel' | 'prince' | 'primate' | 'chatelaine' | 'picket' | 'pocket' | 'fagin' | 'inquion'
  | 'infanon' | 'arrow' | 'cannon' | 'tank' | 'saint' | 'sparrow' | 'caliph' | 'canvasser' | 'acme'
  | 'gnu' | 'helm' | 'wing' | 'silver' | 'gold' | 'elephant' | 'dabbaba' | 'ferz' | 'wazir';

/** The colour a picture is drawn in (the face-down Immortal is always drawn of neither side). */
export type PictureColour = 'white' | 'black';

/** Upper-case FEN letters to picture names. */
export type Pictures = Record<string, PictureName>;

/** Letters to pictures per variant (upper case; lower case is the same piece of Black). */
export const VARIANT_PICTURES: Readonly<Record<'chess' | 'nacht' | 'nietzsche' | 'immortal' | 'quintessential' | 'impulschach', Pictures>>;

/** The default map: the chess pieces, Nietzsche's compounds and the face-down Immortal. */
export const DEFAULT_PICTURES: Readonly<Pictures>;

/**
 * The variant's letters to pictures (a fresh object), `?` the face-down Immortal; unknown
 * variants get the default map. Nietzsche's depend on its option `sequence`.
 */
export function picturesFor(variant: string, options?: Readonly<Record<string, unknown>> | null): Pictures;

/** The names the pictures stand for, as read out (`'dragon-horse'` is "dragon horse"). */
export const PICTURE_NAMES: Readonly<Record<PictureName, string>>;

/** Every picture name. */
export const PICTURES: readonly PictureName[];

/** The SVG markup of a picture (45x45 view box); an unknown name throws. */
export function pieceSvg(name: PictureName, colour?: PictureColour): string;

/** A disc with a letter, for a letter that no picture is mapped to. */
export function letterSvg(letter: string, colour?: PictureColour): string;

/** The picture as an `<svg>` element (a fresh clone each time); a lettered disc for a null name. */
export function pieceElement(name: PictureName | null, colour?: PictureColour, letter?: string): SVGSVGElement;
