#!/usr/bin/env bash
# Restarts instance N of a running deploy/start-local.sh set without losing a request, the way an operator
# upgrades one production instance after another (README 'Upgrades without downtime', decision record 0014):
#   1. SIGTERM: the instance's readiness answers 503 at once, and it keeps serving for SHUTDOWN_DRAIN_MS;
#   2. once its readiness says so, nginx is reloaded with the instance marked down (the health check that
#      open-source nginx lacks), within the drain;
#   3. the instance finishes its requests in flight and exits;
#   4. UPGRADE (optional: a command and its arguments, run in the checkout, e.g.
#      sh -c 'git pull && npm ci && npm run build');
#   5. it starts again on its port (migrations run under the advisory lock) and is waited for until ready;
#   6. nginx is reloaded with it back in.
#
#   bash deploy/restart-instance.sh RUN_DIR N [UPGRADE…]
#
# Prints INSTANCE_<n>_PID=<the new process> and the line 'restarted'. Exit status: 0 restarted; 64 bad arguments;
# 4 nginx refused its configuration; 1 anything else (the instance did not stop, did not start, the upgrade failed).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
script_name=restart-instance
# shellcheck source=deploy/local-set.sh
source "$repo/deploy/local-set.sh"

if [ $# -lt 2 ]; then
  sed -n '2,16p' "$0" >&2
  exit 64
fi
run_dir=$1
n=$2
shift 2
[ -f "$run_dir/deploy.vars" ] || fail 64 "$run_dir is not the run folder of a running deploy/start-local.sh"
[ -f "$run_dir/instances/$n.pid" ] || fail 64 "the set has no instance $n"

old_pid=$(cat "$run_dir/instances/$n.pid")
url=$(instance_url "$run_dir" "$n")
kill -0 "$old_pid" 2>/dev/null || fail 1 "instance $n (pid $old_pid) is not running"

# 1-2. Stop gracefully; take it out of nginx as soon as it says it is stopping.
say "stopping instance $n (pid $old_pid)"
kill -TERM "$old_pid"
for _ in $(seq 1 50); do
  answers "$url/api/v1/health/ready" || break
  sleep 0.1
done
render_nginx "$run_dir" "$n"
reload_nginx "$run_dir"
say "instance $n is out of nginx; waiting for it to finish its requests"

# 3. The drain, then the requests in flight (main.ts gives up after the drain and 25 s).
for _ in $(seq 1 1200); do
  kill -0 "$old_pid" 2>/dev/null || break
  sleep 0.1
done
kill -0 "$old_pid" 2>/dev/null && fail 1 "instance $n (pid $old_pid) did not stop within 120 s"

# 4. The upgrade.
if [ $# -gt 0 ]; then
  say "upgrading: $*"
  (cd "$repo" && "$@") || fail 1 "the upgrade failed: $*"
fi

# 5-6. Start it again, wait until it is ready, put it back.
start_instance "$run_dir" "$n" 0
wait_for_ready "$run_dir" "$n"
render_nginx "$run_dir"
reload_nginx "$run_dir"
echo "INSTANCE_${n}_PID=$(cat "$run_dir/instances/$n.pid")"
echo "restarted"
say "instance $n restarted and back in nginx"
