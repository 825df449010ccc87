#!/usr/bin/env bash
# schachwerk build / serve / test / bench driver.
#
#   ./build.sh              build the wasm package into www/pkg, print the budgets (sizes; times
#                           in headless Chromium where it is installed)
#   ./build.sh dist         build, then dist/schachwerk.html (the page in one file, plays
#                           from file://) and dist/pkg/ (the npm package)
#   ./build.sh serve [PORT] build, then serve www/ on http://127.0.0.1:PORT/ (default 8000)
#   ./build.sh test         install what is missing, then fmt, clippy, native tests,
#                           wasm-bindgen-test in headless Chromium, build, TypeScript
#                           declarations, page tests, the package in Node, the API fuzz
#   ./build.sh bench [--full]  native CLI bench, the wasm bench under node and in headless
#                           Chromium, then native and wasm in turns
#   ./build.sh hot          profile the wasm and rewrite tools/dist/hot-functions.txt
#   ./build.sh memory       the memory each additional game of each variant costs, natively
#                           (cargo run --release --example memory) and in the wasm (node
#                           bench/memory.mjs), with the 16 KiB target beside each figure
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT="$(pwd)"
export PATH="$HOME/.cargo/bin:$PATH"

WASM_TARGET=wasm32-unknown-unknown
CRATE=schachwerk
PKG_DIR=www/pkg
CHROMIUM=/usr/bin/chromium
CHROMEDRIVER_BIN=/usr/bin/chromedriver

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
info() { printf '    %s\n' "$*"; }
die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- installs

ensure_wasm_target() {
    if ! rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
        step "Installing rust target $WASM_TARGET"
        rustup target add "$WASM_TARGET"
    fi
}

ensure_rust_components() {
    local missing=()
    cargo fmt --version >/dev/null 2>&1 || missing+=(rustfmt)
    cargo clippy --version >/dev/null 2>&1 || missing+=(clippy)
    if ((${#missing[@]})); then
        step "Installing rust components: ${missing[*]}"
        rustup component add "${missing[@]}"
    fi
}

# The wasm-bindgen version pinned in Cargo.lock (the CLI must match it exactly).
lock_wasm_bindgen_version() {
    if [[ ! -f Cargo.lock ]]; then
        info "Cargo.lock missing: generating it"
        cargo generate-lockfile >&2
    fi
    awk '
        /^\[\[package\]\]/ { inpkg = 0 }
        /^name = "wasm-bindgen"$/ { inpkg = 1; next }
        inpkg && /^version = / { gsub(/"/, "", $3); print $3; exit }
    ' Cargo.lock
}

ensure_wasm_bindgen_cli() {
    local want have
    want="$(lock_wasm_bindgen_version)"
    [[ -n "$want" ]] || die "could not read the wasm-bindgen version from Cargo.lock"

    # Another `cargo install` (e.g. a concurrent setup) may be writing ~/.cargo/bin: wait for it.
    local waited=0
    while pgrep -f "cargo install wasm-bindgen-cli" >/dev/null 2>&1; do
        ((waited == 0)) && info "waiting for a running 'cargo install wasm-bindgen-cli' to finish..."
        sleep 5
        waited=$((waited + 5))
        ((waited < 1200)) || die "gave up waiting for another cargo install"
    done

    have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
    if [[ "$have" != "$want" ]] || ! command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
        step "Installing wasm-bindgen-cli $want (found: ${have:-none})"
        cargo install wasm-bindgen-cli --version "$want" --force
    fi
    have="$(wasm-bindgen --version | awk '{print $2}')"
    [[ "$have" == "$want" ]] || die "wasm-bindgen is $have but Cargo.lock pins $want"
}

ensure_chromium() {
    if [[ ! -x "$CHROMIUM" || ! -x "$CHROMEDRIVER_BIN" ]]; then
        step "Installing chromium and chromium-driver (apt)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update
        apt-get install -y --no-install-recommends chromium chromium-driver
    fi
}

# python-chess, the outside PGN reader of tests/pgn_python.rs and the referee of
# tools/strength/stockfish.py (whose --selftest tests/strength_selftest.rs runs): a measuring
# stick, never a dependency of the crate, at the version the tests were written against.
PYTHON_CHESS_VERSION=1.11.2
ensure_python_chess() {
    if ! python3 -c "import chess, sys; sys.exit(chess.__version__ != '$PYTHON_CHESS_VERSION')" 2>/dev/null; then
        step "Installing python-chess $PYTHON_CHESS_VERSION (pip), for tests/pgn_python.rs and tests/strength_selftest.rs"
        if ! command -v python3 >/dev/null 2>&1; then
            export DEBIAN_FRONTEND=noninteractive
            apt-get update
            apt-get install -y --no-install-recommends python3 python3-pip
        fi
        python3 -m pip install --quiet "chess==$PYTHON_CHESS_VERSION" ||
            python3 -m pip install --quiet --break-system-packages "chess==$PYTHON_CHESS_VERSION"
    fi
}

ensure_node() {
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
        step "Installing nodejs and npm (apt)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update
        apt-get install -y --no-install-recommends nodejs npm
    fi
}

ensure_node_modules() {
    ensure_node
    # Every devDependency installed at its pinned version, or a clean install.
    if ! node -e '
        const pkg = require("./package.json");
        for (const [name, want] of Object.entries(pkg.devDependencies)) {
            let have = "";
            try { have = require(`./node_modules/${name}/package.json`).version; } catch {}
            if (have !== want) process.exit(1);
        }' 2>/dev/null; then
        step "Installing node modules (npm ci)"
        if [[ -f package-lock.json ]]; then
            npm ci --no-audit --no-fund
        else
            npm install --no-audit --no-fund
        fi
    fi
}

# ---------------------------------------------------------------- build

file_size() { wc -c <"$1" | tr -d ' '; }

# wasm features the module uses (SIMD v128, bulk memory, saturating float-to-int) and those
# Rust's wasm32 target enables by default; every browser with wasm SIMD has them all.
WASM_FEATURES=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue)

build() {
    ensure_wasm_target
    ensure_wasm_bindgen_cli
    ensure_node_modules

    local out_dir="target/$WASM_TARGET"
    # Pass 1 names every function: inlining off, names linked mangled. Its wasm is only read.
    step "cargo rustc --profile wasm-names (the function names, for the size pass)"
    cargo rustc --profile wasm-names --target "$WASM_TARGET" --features wasm --lib --crate-type cdylib -- \
        -C link-arg=--no-demangle -C llvm-args=-inline-threshold=-100000
    local named="$out_dir/wasm-names/$CRATE.wasm"
    [[ -f "$named" ]] || die "$named not found"

    # Every function that tools/dist/hot-functions.txt does not name is compiled for size
    # (LLVM's minsize); the hot ones at opt-level 3. The file's hash is in its name, so cargo
    # rebuilds when the list changes. A listed name that matches no function fails the build.
    local cold="$out_dir/cold-functions.csv"
    node tools/dist/cold-functions.mjs "$named" "$cold.new" | sed 's/^/    /'
    local sum
    sum="$(sha256sum "$cold.new" | cut -c1-16)"
    mv "$cold.new" "$out_dir/cold-functions-$sum.csv"
    cold="$ROOT/$out_dir/cold-functions-$sum.csv"

    step "cargo rustc --release --target $WASM_TARGET --features wasm --lib (cold functions for size)"
    # LLVM names each listed function it cannot find in a module (most are in others): noise.
    cargo rustc --release --target "$WASM_TARGET" --features wasm --lib --crate-type cdylib -- \
        -C link-arg=--no-demangle -C "llvm-args=-forceattrs-csv-path=$cold" \
        2> >(grep -v '^Function in CSV file at line [0-9]* does not exist\.$' >&2)

    step "wasm-bindgen --target web --out-dir $PKG_DIR"
    local wasm="$out_dir/release/$CRATE.wasm"
    [[ -f "$wasm" ]] || die "$wasm not found"
    rm -rf "$PKG_DIR"
    wasm-bindgen --target web --out-dir "$PKG_DIR" "$wasm"
    # Its declarations without the DOM's types, for Node projects too (fails if it cannot).
    node tools/dist/declarations.mjs "$PKG_DIR" | sed 's/^/    /'
    # The glue minified (its docs are in the declarations): the page's and the element's bytes.
    node tools/dist/minify-glue.mjs "$PKG_DIR" | sed 's/^/    /'

    # binaryen from npm (package.json pins it): Debian's 108 is too old for wasm-bindgen's
    # externref table. -O3, not -Oz: after the size pass both give about the same bytes, and
    # -O3 keeps the hot code's speed; --converge repeats it while the module shrinks (see
    # docs/PERFORMANCE.md). Names, producers and feature sections stripped.
    local out="$PKG_DIR/${CRATE}_bg.wasm"
    step "wasm-opt -O3 --converge (binaryen $(node_modules/.bin/wasm-opt --version | awk '{print $3}'))"
    local before
    before="$(file_size "$out")"
    node_modules/.bin/wasm-opt "${WASM_FEATURES[@]}" -O3 --converge --strip-debug --strip-producers \
        --strip-target-features "$out" -o "$out.opt"
    mv "$out.opt" "$out"
    # The imports' hashed names made short, in the wasm and the glue alike.
    node tools/dist/minify-imports.mjs "$PKG_DIR" | sed 's/^/    /'

    # The engine with its wasm inside, which <schach-board> loads: bundlers need no asset
    # handling for it (tools/dist/inline-wasm.mjs says why and how).
    node tools/dist/inline-wasm.mjs "$PKG_DIR" | sed 's/^/    /'

    step "Package ready in $PKG_DIR"
    info "$out: $(file_size "$out") bytes raw ($before before wasm-opt)"
    # The page's modules as the one script index.html loads (tools/dist/bundle-page.mjs says why).
    node tools/dist/bundle-page.mjs | sed 's/^/    /'
    # What the service worker caches (www/sw.js): every file the page and the widget load.
    node tools/dist/precache.mjs | sed 's/^/    /'
    budgets
}

# The budgets (bench/size.mjs): the wasm and the whole page gzipped; with --startup (the
# default where Chromium and the node modules are installed) also the page's times in headless
# Chromium (bench/page-timing.mjs): the first legal moves, as it is and under 4x CPU
# throttling, and the longest main-thread task of a tap move under 4x throttling.
budgets() {
    local args=("$@")
    # BUDGETS_TIME=no: the sizes alone (./build.sh test measures the times in a step of its own).
    if ((${#args[@]} == 0)) && [[ "${BUDGETS_TIME:-}" != no && -x "$CHROMIUM" && -d node_modules/playwright-core ]]; then
        args=(--startup)
    fi
    step "Budgets: node bench/size.mjs${args[*]:+ ${args[*]}}"
    CHROMIUM_PATH="$CHROMIUM" node bench/size.mjs "${args[@]}"
}

# ---------------------------------------------------------------- dist

# dist/schachwerk.html (the page in one file) and dist/pkg/ (the npm package), from www/.
dist() {
    build
    step "dist: node tools/dist/build-dist.mjs"
    node tools/dist/build-dist.mjs | sed 's/^/    /'
}

# ---------------------------------------------------------------- serve

serve() {
    local port="${1:-8000}"
    [[ "$port" =~ ^[0-9]+$ ]] || die "bad port: $port"
    build
    step "Serving www/ at http://127.0.0.1:$port/  (Ctrl-C to stop)"
    # http.server with explicit MIME types, so .wasm is always application/wasm
    # (wasm streaming compilation requires it) whatever /etc/mime.types says.
    exec python3 - "$port" "$ROOT/www" <<'PY'
import functools, http.server, sys
port, root = int(sys.argv[1]), sys.argv[2]
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".css": "text/css",
        ".html": "text/html",
        ".json": "application/json",
        ".svg": "image/svg+xml",
    }
    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()
handler = functools.partial(Handler, directory=root)
with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
    print(f"http://127.0.0.1:{port}/", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
PY
}

# ---------------------------------------------------------------- test

run_tests() {
    step "Checking prerequisites"
    ensure_rust_components
    ensure_wasm_target
    ensure_wasm_bindgen_cli
    ensure_chromium
    ensure_node_modules
    ensure_python_chess
    info "rustc:        $(rustc --version)"
    info "wasm-bindgen: $(wasm-bindgen --version)"
    info "chromium:     $("$CHROMIUM" --version 2>/dev/null | head -n1)"
    info "node:         $(node --version)"
    info "python-chess: $(python3 -c 'import chess; print(chess.__version__)')"

    step "[1/8] cargo fmt --check"
    cargo fmt --check

    step "[2/8] cargo clippy -- -D warnings (native, and the wasm boundary)"
    cargo clippy --all-targets -- -D warnings
    cargo clippy --target "$WASM_TARGET" --features wasm --lib --tests -- -D warnings

    step "[3/8] cargo test (native; the test profile is optimised)"
    cargo test

    step "[4/8] wasm-bindgen-test in headless Chromium (tests/wasm.rs)"
    CHROMEDRIVER="$CHROMEDRIVER_BIN" \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
        cargo test --target "$WASM_TARGET" --features wasm --test wasm

    step "[5/8] build the wasm package, dist/schachwerk.html and dist/pkg/"
    BUDGETS_TIME=no dist

    step "[6/8] the budgets, start-up included (bench/size.mjs; checked again by tests/page/budgets.test.mjs)"
    CHROMIUM_PATH="$CHROMIUM" node bench/size.mjs --startup

    step "[7/8] TypeScript declarations: tsc --noEmit tests/types/ (the engine's and the widget's)"
    node_modules/.bin/tsc --noEmit --strict --target es2022 --module es2022 \
        --moduleResolution bundler --lib esnext,dom tests/types/usage.ts tests/types/widgets.ts

    step "[8/8] page tests, the API fuzz, the package in Node and under bundlers: node --test tests/page/ tests/api/ tests/package/"
    CHROMIUM_PATH="$CHROMIUM" node --test tests/page/ tests/api/ tests/package/

    step "All checks passed"
}

# ---------------------------------------------------------------- bench

bench() {
    step "Native bench: cargo run --release --bin $CRATE -- bench"
    cargo run --release --bin "$CRATE" -- bench
    build
    step "wasm bench: node bench/wasm-bench.mjs${*:+ $*}"
    ensure_node
    node bench/wasm-bench.mjs "$@"
    step "wasm bench in headless Chromium: node bench/browser-bench.mjs${*:+ $*}"
    ensure_chromium
    ensure_node_modules
    node bench/browser-bench.mjs "$@"
    step "native against wasm, in turns: node bench/compare.mjs"
    node bench/compare.mjs
}

# ---------------------------------------------------------------- memory

# What each additional game costs: natively with a counting allocator (bench/memory.rs), in
# the wasm by the growth of its memory (bench/memory.mjs). Printed beside the target, not
# checked.
memory() {
    step "Native: cargo run --release --example memory"
    cargo run --release --quiet --example memory
    build
    step "wasm: node bench/memory.mjs"
    node bench/memory.mjs
}

# ---------------------------------------------------------------- hot

# Profiles perft and the search of every variant on a build whose every function is named
# (pass 1 of build) and rewrites tools/dist/hot-functions.txt, the functions kept at
# opt-level 3. Then, until a round adds none (at most four), builds the package as shipped,
# profiles it with its names kept, and adds the functions it spends time in: the callers
# that inline hot code. Run it after changing the hot code, and commit the list.
hot() {
    ensure_wasm_target
    ensure_wasm_bindgen_cli
    ensure_node_modules
    cargo rustc --profile wasm-names --target "$WASM_TARGET" --features wasm --lib --crate-type cdylib -- \
        -C link-arg=--no-demangle -C llvm-args=-inline-threshold=-100000
    local dir="target/wasm-profile/pkg"
    rm -rf "$dir"
    wasm-bindgen --keep-debug --target web --out-dir "$dir" "target/$WASM_TARGET/wasm-names/$CRATE.wasm"
    node tools/dist/profile-hot.mjs "$dir"

    local shipped="target/wasm-profile/shipped" round report
    for round in 1 2 3 4; do
        build
        step "hot, round $round: profile the shipped build"
        rm -rf "$shipped"
        wasm-bindgen --keep-debug --target web --out-dir "$shipped" "target/$WASM_TARGET/release/$CRATE.wasm"
        node_modules/.bin/wasm-opt "${WASM_FEATURES[@]}" -O3 --converge --debuginfo \
            "$shipped/${CRATE}_bg.wasm" -o "$shipped/${CRATE}_bg.wasm"
        report="$(node tools/dist/profile-hot.mjs --add "$shipped")"
        info "$report"
        [[ "$report" == 0\ * ]] && break
    done
    build
}

# ---------------------------------------------------------------- main

cmd="${1:-build}"
(($#)) && shift
case "$cmd" in
    build) build ;;
    dist) dist ;;
    hot) hot ;;
    memory) memory ;;
    serve) serve "$@" ;;
    test) run_tests ;;
    bench) bench "$@" ;;
    -h | --help | help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$cmd' (use: build | dist | serve [PORT] | test | bench [--full] | hot | memory)" ;;
esac
