#!/usr/bin/env bash
# Drives the built MCP server with the official MCP Inspector CLI (pinned, run through npx, never a dependency):
# lists the tools and calls store_fact then query_memory, over stdio and over Streamable HTTP with the bearer token.
# Needs `npx nx bundle @chief-of-staff/mcp-server` first. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

INSPECTOR=(npx -y @modelcontextprotocol/inspector@2.12.0 --cli)
SERVER=apps/mcp-server/dist/main.js
data_dir=$(mktemp -d)
token=$(node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))")
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap cleanup EXIT

expect_output() { # description, pattern, command...
  local description=$1 pattern=$2
  shift 2
  local output
  output=$("$@" 2>/dev/null) || { echo "FAIL $description: the inspector exited non-zero"; exit 1; }
  if grep -q -- "$pattern" <<<"$output"; then echo "ok   $description"; else echo "FAIL $description: no '$pattern' in output"; echo "$output" | head -20; exit 1; fi
}

# stdio: the inspector spawns the server with a minimal environment, so pass the data dir explicitly.
stdio=("${INSPECTOR[@]}" -e "COS_DATA_DIR=$data_dir" -e COS_LOG_LEVEL=warn node "$SERVER")
expect_output "stdio tools/list" '"name": "store_fact"' "${stdio[@]}" --method tools/list
expect_output "stdio tools/call store_fact" '"created": true' "${stdio[@]}" --method tools/call --tool-name store_fact \
  --tool-arg category=work --tool-arg key=team --tool-arg 'value=Dana leads the platform team'

# Streamable HTTP with the bearer token.
COS_DATA_DIR=$data_dir COS_MCP_HTTP_TOKEN=$token COS_LOG_LEVEL=warn node "$SERVER" --http --port "$port" --quiet &
server_pid=$!
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
http=("${INSPECTOR[@]}" --transport http --server-url "http://127.0.0.1:$port/mcp" --header "Authorization: Bearer $token")
expect_output "http tools/list" '"name": "query_memory"' "${http[@]}" --method tools/list
expect_output "http tools/call query_memory" 'Dana leads the platform team' "${http[@]}" --method tools/call \
  --tool-name query_memory --tool-arg query=platform
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/mcp" -H 'content-type: application/json' -d '{}')
[ "$status" = 401 ] && echo "ok   http without token → 401" || { echo "FAIL http without token → $status"; exit 1; }
echo "inspector check: all passed"
