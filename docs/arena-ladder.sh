#!/bin/sh
# The ladder of docs/arena.md: one duplicate arena per line, the same deals
# (seeds 1..DEALS) for every line, classic rules (plus rising and okey for outs
# against quick). Usage: sh docs/arena-ladder.sh DEALS [OUT-DIR] [JOBS]
# Writes OUT-DIR/LINE.json (simulate --format json), then prints the ladder table.
set -eu
deals=${1:-2000}
out=${2:-arena-ladder}
jobs=${3:-2}
mkdir -p "$out"
line() {
    name=$1; shift
    rummy101 simulate --rounds "$deals" --seed 1 --jobs "$jobs" "$@" --format json > "$out/$name.json"
}
line quick-random-1v3 --bots quick,random --duplicate 1v3
line outs-quick-1v3 --bots outs,quick --duplicate 1v3
line quick-random-2v2 --bots quick,random --duplicate 2v2
line outs-quick-2v2 --bots outs,quick --duplicate 2v2
line outs-quick-1v3-variants --bots outs,quick --duplicate 1v3 \
    --variant rising=--rising --variant 'okey=--indicator deal'
python3 - "$out" <<'PY'
import json, pathlib, sys
root = pathlib.Path(sys.argv[1])
lines = ["quick-random-1v3", "quick-random-2v2", "outs-quick-1v3", "outs-quick-2v2",
         "outs-quick-1v3-variants"]
print("| challenger − champion | seating | variant | deals | points per round, challenger / champion"
      " | difference (95 %, paired by deal) | excludes 0 | sd per deal | deals for ±2 |")
print("|---|---|---|---|---|---|---|---|---|")
for line in lines:
    a = json.loads((root / f"{line}.json").read_text())["arena"]
    for v in a["variants"]:
        d, p = v["difference"], v["points_per_round"]
        low, high = d["interval"]
        print(f"| {a['challenger']} − {a['champion']} | {a['mode']} | {v['name']} | {a['deals']}"
              f" | {p['challenger']['mean']:.1f} / {p['champion']['mean']:.1f}"
              f" | **{d['mean']:+.1f}** ({low:+.1f} to {high:+.1f})"
              f" | {'yes' if d['excludes_zero'] else 'no'} | {d['sd']:.1f}"
              f" | {d['deals_for_half_width_2']:,} |")
PY
