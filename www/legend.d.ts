// Declarations for legend.js: each piece of a variant with its picture, name and move in words.

import type { PictureName } from './pieces.js';

/** Variant options as the legend reads them (Nietzsche's `sequence`). */
export type LegendOptions = Readonly<Record<string, unknown>> | null | undefined;

/** A piece as the legend shows it. */
export interface LegendEntry {
  /** White's FEN letter. */
  letter: string;
  picture: PictureName | null;
  name: string;
  /** Its move in words. */
  move: string;
}

/** What the legend says under the pieces of a variant (with its options), or null. */
export function legendNote(variant: string, options?: LegendOptions): string | null;

/** The pieces of a variant (with its options) to show; unknown variants show the chess pieces. */
export function legendEntries(variant: string, options?: LegendOptions): LegendEntry[];

/** Fills `element` with the legend of a variant (a `<dl class="legend-list">` and a note); returns the entries shown. */
export function renderLegend(element: ParentNode, variant: string, options?: LegendOptions): LegendEntry[];
