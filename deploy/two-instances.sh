#!/usr/bin/env bash
# Two ServiceDesk instances behind HAProxy on this machine (deploy/haproxy.cfg): instance a on
# 127.0.0.1:18311, b on :18312, the balancer on :18310. Both use one PostgreSQL and one Redis and
# one DATA_DIR (on one machine the uploaded files are shared that way; on two machines DATA_DIR/files
# must be one shared folder). Waits until the balancer answers /readyz, prints where the logs are,
# and stops everything on Ctrl-C / SIGTERM.
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/servicedesk REDIS_URL=redis://127.0.0.1:6379 deploy/two-instances.sh
#
# Needs haproxy on PATH (Debian: apt-get install haproxy) and the web app built (npm run build) for
# the browser; the API answers without it.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?set DATABASE_URL (PostgreSQL: the instances share it)}"
: "${REDIS_URL:?set REDIS_URL (the hub, sessions and throttles are shared through it)}"
command -v haproxy >/dev/null || { echo "haproxy is not on PATH (apt-get install haproxy)" >&2; exit 1; }

run_dir=${RUN_DIR:-$(mktemp -d -t servicedesk-two-XXXXXX)}
mkdir -p "$run_dir/data"
pids=()
stop() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

start_instance() {
  PORT=$1 HOST=127.0.0.1 DATA_DIR="$run_dir/data" TRUST_PROXY=true LOG_LEVEL="${LOG_LEVEL:-info}" \
    node_modules/.bin/tsx apps/server/src/server.ts >"$run_dir/server-$1.log" 2>&1 &
  pids+=("$!")
  echo "instance on :$1 (pid $!, log $run_dir/server-$1.log)"
}
# The first migrates and seeds; the second waits on the same advisory lock if it starts meanwhile.
start_instance 18311
start_instance 18312
haproxy -f deploy/haproxy.cfg >"$run_dir/haproxy.log" 2>&1 &
pids+=("$!")
echo "haproxy on :18310 (pid $!, log $run_dir/haproxy.log)"

for _ in $(seq 1 120); do
  if curl -fsS -o /dev/null http://127.0.0.1:18310/readyz; then
    echo "ready: http://127.0.0.1:18310"
    # An instance that stops (SIGTERM, a crash) is taken out by the balancer's checks and the
    # other one serves; this script ends when HAProxy does (or on Ctrl-C).
    wait "${pids[-1]}" || true
    exit 1
  fi
  sleep 1
done
echo "the balancer did not answer /readyz within 120 s" >&2
exit 1
