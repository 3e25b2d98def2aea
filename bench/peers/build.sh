#!/usr/bin/env bash
# Builds pyeval's peer drivers (this folder) against checkouts of the peers, outside the
# repository: never commit a checkout or a build. Two builds each: the peer's own default
# flags, and the same with -march=native (Rust: -C target-cpu=native).
#
#   bench/peers/build.sh OMPEVAL_DIR HHE_DIR PHEVALUATOR_DIR OUT_DIR
#
# OMPEVAL_DIR: github:zekyll/OMPEval; HHE_DIR: github:b-inary/holdem-hand-evaluator;
# PHEVALUATOR_DIR: github:HenryRLee/PokerHandEvaluator (its cpp/ folder is used; the Omaha
# driver is built only when cpp/src/tables_plo4.c is there). Result:
#   OUT_DIR/{default,native}/{omp_drv,omp_eq,hhe_drv,phe_drv}
# then: taskset -c 1 python bench/peers_high7.py OUT_DIR --rounds 7 --n-seq 50000000
#       taskset -c 1 python bench/peers_equity.py OUT_DIR --rounds 7
set -euo pipefail
if [ $# -ne 4 ]; then
    sed -n 2,14p "$0"
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
OMP=$(cd "$1" && pwd); HHE=$(cd "$2" && pwd); PHE=$(cd "$3" && pwd)
mkdir -p "$4"; OUT=$(cd "$4" && pwd)
case "$OUT/" in "$(cd "$HERE/../.." && pwd)"/*) echo "OUT_DIR must be outside the repository" >&2; exit 2;; esac

for flavor in default native; do
    dst="$OUT/$flavor"; mkdir -p "$dst"
    native=""; rust=""
    if [ "$flavor" = native ]; then native="-march=native"; rust="-C target-cpu=native"; fi

    # OMPEval: its Makefile's flags (-O3 -std=c++11 -pthread)
    g++ -O3 -std=c++11 -pthread $native -I "$OMP" "$OMP/omp/HandEvaluator.cpp" \
        "$HERE/omp_drv.cpp" -o "$dst/omp_drv"
    # its EquityCalculator no longer compiles with GCC 12's library as written: a copy in
    # OUT_DIR gets <functional> included and its RNG's min()/max() made constexpr (which
    # std::uniform_int_distribution now requires); the evaluator above is built unchanged
    eqsrc="$OUT/ompeval-equity-src"; rm -rf "$eqsrc"; cp -r "$OMP" "$eqsrc"
    sed -i 's/static uint64_t min()/static constexpr uint64_t min()/; s/static uint64_t max()/static constexpr uint64_t max()/' "$eqsrc/omp/Random.h"
    g++ -O3 -std=c++11 -pthread $native -include functional -I "$eqsrc" "$eqsrc"/omp/*.cpp \
        "$HERE/omp_eq.cpp" -o "$dst/omp_eq"

    # holdem-hand-evaluator: cargo's release profile (the crate's own: thin LTO)
    crate="$dst/hhe_drv_crate"; mkdir -p "$crate/src"
    cp "$HERE/hhe_drv/src/main.rs" "$crate/src/main.rs"
    cat > "$crate/Cargo.toml" <<TOML
[package]
name = "hhe_drv"
version = "0.1.0"
edition = "2018"

[dependencies]
holdem-hand-evaluator = { path = "$HHE" }

[profile.release]
lto = "thin"

[workspace]
TOML
    (cd "$crate" && RUSTFLAGS="$rust" cargo build --release --offline -q)
    cp "$crate/target/release/hhe_drv" "$dst/hhe_drv"

    # phevaluator's C: its Makefile's flags (-O2 -std=c99)
    src="$PHE/cpp/src"
    files=("$src/evaluator7.c" "$src/hashtable7.c" "$src/hash.c" "$src/hashtable.c" "$src/dptables.c" "$src/tables_bitwise.c")
    defs=""
    if [ -f "$src/tables_plo4.c" ]; then
        files+=("$src/evaluator_plo4.c" "$src/tables_plo4.c" "$src/rank.c" "$src/7462.c")
        defs="-DPHE_OMAHA"
    else
        echo "phevaluator: no cpp/src/tables_plo4.c in the checkout: phe_drv omaha will need \$PHE_OMAHA_SO" >&2
    fi
    gcc -O2 -std=c99 $native $defs -I "$PHE/cpp/include" -I "$src" "${files[@]}" \
        "$HERE/phe_drv.c" -ldl -o "$dst/phe_drv"
    echo "built $dst: omp_drv hhe_drv phe_drv"
done
