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
line outs-quick-1v3 --bots outs,quick --duplicate 1v3 \
    --variant classic= --variant rising=--rising --variant 'okey=--indicator deal'
line outs-quick-2v2 --bots outs,quick --duplicate 2v2
line quick-random-1v3 --bots quick,random --duplicate 1v3
line quick-random-2v2 --bots quick,random --duplicate 2v2
python3 - "$out" <<'PY'
import json, pathlib, sys
print("| challenger − champion | mode | variant | deals | difference (points per round, 95 %) | excludes 0 | per-deal sd | deals for ±2 |")
print("|---|---|---|---|---|---|---|---|")
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json"), key=lambda p: p.stat().st_mtime):
    a = json.loads(path.read_text())["arena"]
    for v in a["variants"]:
        d = v["difference"]
        low, high = d["interval"]
        print(f"| {a['challenger']} − {a['champion']} | {a['mode']} | {v['name']} | {a['deals']}"
              f" | {d['mean']:+.1f} ({low:+.1f} to {high:+.1f}) | {'yes' if d['excludes_zero'] else 'no'}"
              f" | {d['sd']:.1f} | {d['deals_for_half_width_2']} |")
PY
