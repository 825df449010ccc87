#!/usr/bin/env node
// Rewrites the TypeScript declarations wasm-bindgen writes (./build.sh, right after it) so that
// they name only what the ES2022 library declares: its init types name the DOM's `RequestInfo`,
// `URL`, `Response`, `BufferSource` and the `WebAssembly` namespace, which a Node project
// without the DOM library (or @types/node) does not have, and `Game[Symbol.dispose]` needs
// `Symbol.dispose` (ES2022 has none). They become structural types of their own, and
// `Symbol.dispose` is declared as lib.esnext.disposable and @types/node declare it.
//
//   node tools/dist/declarations.mjs [PKG_DIR]     (default www/pkg)
//
// Every text it rewrites must be found, and what it leaves must name none of those, or it
// fails: an upgrade of wasm-bindgen that writes them differently stops the build here.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = process.argv[2] ?? fileURLToPath(new URL('../../www/pkg/', import.meta.url));
const MARK = '// Declarations rewritten by tools/dist/declarations.mjs';

const STRUCTURAL = `
/** A \`URL\` object; the glue fetches it. */
export interface UrlLike { readonly href: string; }
/** A fetch \`Request\`; the glue fetches it. */
export interface RequestLike { readonly url: string; readonly method: string; }
/** A fetch \`Response\` holding the wasm (or a promise of one: \`fetch(url)\`). */
export interface ResponseLike {
    readonly type: string;
    readonly headers: { get(name: string): string | null };
    arrayBuffer(): Promise<ArrayBuffer>;
}
/** A compiled \`WebAssembly.Module\` (an opaque object). */
export type WasmModuleLike = object;
/** The module's \`WebAssembly.Memory\`. */
export interface WasmMemoryLike { readonly buffer: ArrayBuffer; grow(delta: number): number; }
/** The module's \`WebAssembly.Table\`. */
export interface WasmTableLike {
    readonly length: number;
    get(index: number): unknown;
    set(index: number, value?: unknown): void;
    grow(delta: number, value?: unknown): number;
}
`;

const DISPOSE = `
declare global {
    // What lib.esnext.disposable and @types/node declare: \`Game\` has \`[Symbol.dispose]()\`
    // (\`using game = new Game(...)\`) where the platform has the symbol.
    interface SymbolConstructor {
        readonly dispose: unique symbol;
    }
}
`;

/** Replaces each [from, to] exactly `count` times (default once) in `text`, or throws. */
function rewrite(file, text, pairs) {
  for (const [from, to, count = 1] of pairs) {
    const found = text.split(from).length - 1;
    if (found !== count) {
      throw new Error(`${file}: expected ${count} of ${JSON.stringify(from)}, found ${found}: has wasm-bindgen changed its declarations?`);
    }
    text = text.replaceAll(from, to);
  }
  return text;
}

/** Fails if `text`, comments aside, still names a type that ES2022 lacks. */
function check(file, text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const left = code.match(/\b(?:RequestInfo|Request|URL|Response|BufferSource|WebAssembly|Headers|Blob|ReadableStream)\b/g) ?? [];
  if (/\bSymbol\.(?:dispose|asyncDispose)\b/.test(code) && !code.includes('readonly dispose: unique symbol;')) left.push('Symbol.dispose');
  if (left.length) throw new Error(`${file}: still names ${[...new Set(left)].join(', ')}, which ES2022 lacks`);
}

/** wasm-bindgen's first lines, then `added`, then the rest. */
function afterHeader(file, text, added) {
  const header = '/* tslint:disable */\n/* eslint-disable */\n';
  if (!text.startsWith(header)) throw new Error(`${file}: expected wasm-bindgen's header`);
  return `${header}${MARK}.\n${added}${text.slice(header.length)}`;
}

async function update(file, change) {
  const path = join(dir, file);
  const text = await readFile(path, 'utf8');
  if (text.includes(MARK)) return console.log(`${file}: already rewritten`);
  const next = change(text);
  check(file, next);
  await writeFile(path, next);
  console.log(`${file}: declarations for ES2022 without the DOM`);
}

await update('schachwerk.d.ts', (text) => {
  const dispose = text.includes('[Symbol.dispose](): void;');
  text = rewrite('schachwerk.d.ts', text, [
    [
      'export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;',
      'export type InitInput = string | UrlLike | RequestLike | ResponseLike | ArrayBuffer | ArrayBufferView | WasmModuleLike;',
    ],
    ['export type SyncInitInput = BufferSource | WebAssembly.Module;', 'export type SyncInitInput = ArrayBuffer | ArrayBufferView | WasmModuleLike;'],
    ['readonly memory: WebAssembly.Memory;', 'readonly memory: WasmMemoryLike;'],
    ['readonly __wbindgen_externrefs: WebAssembly.Table;', 'readonly __wbindgen_externrefs: WasmTableLike;'],
  ]);
  return afterHeader('schachwerk.d.ts', text, `${STRUCTURAL}${dispose ? DISPOSE : ''}`);
});

await update('schachwerk_bg.wasm.d.ts', (text) => {
  text = rewrite('schachwerk_bg.wasm.d.ts', text, [
    ['export const memory: WebAssembly.Memory;', 'export const memory: WasmMemoryLike;'],
    ['export const __wbindgen_externrefs: WebAssembly.Table;', 'export const __wbindgen_externrefs: WasmTableLike;'],
  ]);
  return afterHeader('schachwerk_bg.wasm.d.ts', text, "import type { WasmMemoryLike, WasmTableLike } from './schachwerk.js';\n");
});
