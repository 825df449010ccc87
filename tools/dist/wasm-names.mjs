// Reading a wasm module's function names (its "name" custom section) and demangling Rust's
// legacy symbol names, for tools/dist/cold-functions.mjs and tools/dist/profile-hot.mjs.

/** The function names of the wasm module `bytes` (a Uint8Array), in index order. */
export function functionNames(bytes) {
  let i = 8;
  const leb = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[i++];
      result += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (b < 0x80) return result;
    }
  };
  const text = (length) => {
    const s = new TextDecoder().decode(bytes.subarray(i, i + length));
    i += length;
    return s;
  };
  const names = [];
  while (i < bytes.length) {
    const id = bytes[i++];
    const size = leb();
    const end = i + size;
    if (id === 0 && text(leb()) === 'name') {
      while (i < end) {
        const sub = bytes[i++];
        const subEnd = leb() + i;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            names[index] = text(leb());
          }
        }
        i = subEnd;
      }
    }
    i = end;
  }
  return names.filter((name) => name !== undefined);
}

const ESCAPES = {
  $LT$: '<', $GT$: '>', $u20$: ' ', $RF$: '&', $BP$: '*', $C$: ',', $LP$: '(', $RP$: ')',
  $u27$: "'", $u5b$: '[', $u5d$: ']', $u7b$: '{', $u7d$: '}', $u7e$: '~', $SP$: '@', $u3b$: ';',
};

/**
 * A Rust legacy-mangled name (`_ZN10schachwerk3fen9parse_fen17h0123456789abcdefE`) demangled
 * without its hash (`schachwerk::fen::parse_fen`); other names (v0 `_R...`, C symbols) as
 * they are.
 */
export function demangle(name) {
  const m = /^_ZN(.*)E$/.exec(name);
  if (!m) return name;
  const parts = [];
  let rest = m[1];
  while (rest.length) {
    const len = /^\d+/.exec(rest);
    if (!len) return name;
    const start = len[0].length;
    parts.push(rest.slice(start, start + Number(len[0])));
    rest = rest.slice(start + Number(len[0]));
  }
  if (/^h[0-9a-f]{16}$/.test(parts.at(-1))) parts.pop();
  return parts
    .map((p) => p.replace(/^_\$/, '$').replace(/\$[A-Za-z0-9]+\$/g, (e) => ESCAPES[e] ?? e).replaceAll('..', '::'))
    .join('::');
}

/**
 * Whether `name` (as the module names it) is the function `pattern` names: its demangled
 * name is `pattern` or starts with `pattern::` (closures, shims); a v0-mangled name (the
 * precompiled standard library's) when each `::` part of `pattern` is one of its identifiers.
 */
export function matches(name, pattern) {
  if (name.startsWith('_R')) {
    const words = pattern.match(/[A-Za-z_][A-Za-z0-9_]*/g).filter((w) => !['impl', 'as', 'T', 'A'].includes(w));
    // An identifier is its length then its bytes, with a `_` between when it starts with one.
    return words.every((word) => name.includes(`${word.length}${word}`) || name.includes(`${word.length}_${word}`));
  }
  const plain = demangle(name);
  return plain === pattern || plain.startsWith(`${pattern}::`);
}
