#!/usr/bin/env bash
# The README's first command as a new user meets it: `npm start` outside CI, once with no terminal at all (stdin
# closed) and once in a pseudo-terminal whose input is closed. Each must reach "ready" without stopping at a prompt
# (Nx's usage-data question, say), and neither may change a tracked file (answering that prompt rewrote nx.json).
# Run by .ci/run after the apps are built, so both starts find the build in Nx's cache. Exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

data_dir=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$data_dir" "$log"' EXIT
# What a new user's shell has: no CI marker. The cache is read, so the build of the earlier steps is reused.
start_env=(env -u CI -u NX_SKIP_NX_CACHE COS_DATA_DIR="$data_dir" COS_LOG_LEVEL=info)
tracked_before=$(git status --porcelain --untracked-files=no)

fail() { echo "FAIL $1"; tail -40 "$log"; exit 1; }

# 1. No terminal: a client's first requests on stdin, then end of input. The server answers them and exits.
requests='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"first-start","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
if ! printf '%s\n' "$requests" | timeout 600 "${start_env[@]}" npm start >"$log" 2>&1; then fail "npm start without a terminal did not exit cleanly"; fi
grep -q '"id":2,"result":{"tools":\[' "$log" || grep -q '"result":{"tools":\[.*"id":2' "$log" || fail "npm start without a terminal did not answer tools/list"
echo "ok   npm start without a terminal answers a client and exits at the end of its input"

# 2. A pseudo-terminal (script(1)) with nothing typed into it: ready, and no question asked on the way.
timeout 300 "${start_env[@]}" script -qec 'npm start' /dev/null </dev/null >"$log" 2>&1 &
pid=$!
# Connected and listening: the server prints how to connect a client (a terminal only) once it reads requests.
ready_pattern='MCP server is running on stdio'
for _ in $(seq 1 600); do
  grep -q "$ready_pattern" "$log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
ready=$(grep -c "$ready_pattern" "$log" || true)
pkill -TERM -P "$pid" 2>/dev/null || true
kill -TERM "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
pkill -f "$data_dir" 2>/dev/null || true
[ "$ready" -gt 0 ] || fail "npm start in a terminal never said it was ready"
if grep -qi 'share usage data\|? .*(y/n)' "$log"; then fail "npm start in a terminal asked a question"; fi
echo "ok   npm start in a terminal reaches ready without a prompt"

[ "$(git status --porcelain --untracked-files=no)" = "$tracked_before" ] || { git status --short; fail "npm start changed tracked files"; }
echo "ok   npm start left every tracked file as it was"
