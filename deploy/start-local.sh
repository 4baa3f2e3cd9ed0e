#!/usr/bin/env bash
# Starts a scaled-out portal on this machine, on loopback only: a fresh database on the local PostgreSQL server,
# INSTANCES portal instances (default 2) on free ports sharing one JWT_SECRET, one database and one image store,
# and nginx (deploy/nginx/portal.conf) in front of them on a free port. Runs until stopped (Ctrl-C or SIGTERM),
# then stops nginx and the instances, drops the database it created and removes its run folder.
#
#   npm run build && bash deploy/start-local.sh
#
# When everything answers it prints KEY=VALUE lines, then the line 'deploy ready':
#   PORTAL_URL, INSTANCES, INSTANCE_<n>_URL, INSTANCE_<n>_PID, NGINX_PID, DATABASE_URL, RUN_DIR, ACCESS_LOG
#
# deploy/restart-instance.sh RUN_DIR N restarts one instance of the running set without losing a request (README
# 'Upgrades without downtime'); the set's state in RUN_DIR is described in deploy/local-set.sh.
#
# Settings (environment):
#   PGHOST, PGPORT, PGUSER   the local PostgreSQL server (default 127.0.0.1, 5432, postgres; PGPASSWORD if needed)
#   DEPLOY_DATABASE_URL      use this existing database instead of creating one (never dropped)
#   INSTANCES                number of portal instances, 1-8 (default 2)
#   PORTAL_PORT              nginx's port on 127.0.0.1 (default: a free one)
#   RUN_DIR                  folder for logs, nginx's files and the shared DATA_DIR (default: a new temporary one)
#   NGINX                    the nginx binary (default: nginx on PATH, else /usr/sbin/nginx)
#   KEEP_DATABASE=1, KEEP_RUN_DIR=1   keep them at exit
#   JWT_SECRET               generated when unset; every instance gets the same
#   DEMO_DATA                seeds demo data through the first instance only (default 0)
#   Passed to every instance as they are: REDIS_URL, S3_* (images in an S3-compatible store instead of the shared
#   DATA_DIR/images), SUPERADMIN_USERNAME/PASSWORD, STUDENT_LOOKUP_RATE_LIMIT, LOG_LEVEL and the other variables
#   of the README's configuration table.
#
# Exit status: 0 after a clean stop; 2 the portal is not built; 3 PostgreSQL cannot be used; 4 nginx cannot be
# started; 1 anything else (an instance that does not start, …).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
script_name=start-local
# shellcheck source=deploy/local-set.sh
source "$repo/deploy/local-set.sh"

instances=${INSTANCES:-2}
[[ $instances =~ ^[1-8]$ ]] || fail 1 "INSTANCES must be 1-8"
[ -f "$repo/api/dist/main.js" ] || fail 2 "the portal is not built: run 'npm run build' first"

nginx_bin=${NGINX:-$(command -v nginx || true)}
[ -n "$nginx_bin" ] || nginx_bin=/usr/sbin/nginx
[ -x "$nginx_bin" ] || fail 4 "nginx not found (Debian: apt-get install nginx; or set NGINX)"

# --- state, and the cleanup that undoes it -----------------------------------------------------------------------
created_run_dir=''
created_db=''
run_dir=''
nginx_pid=''

# The instances as they are now: a restart (deploy/restart-instance.sh) replaces an instance's process.
instance_pids() {
  [ -n "$run_dir" ] && cat "$run_dir"/instances/*.pid 2>/dev/null || true
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  local pid pids
  pids=$(instance_pids)
  kill -TERM "$nginx_pid" 2>/dev/null || true
  # SIGINT, not SIGTERM: the whole set is going, so no instance needs to drain for a balancer (api/src/main.ts).
  for pid in $pids; do
    kill -INT "$pid" 2>/dev/null || true
  done
  for _ in $(seq 1 100); do
    local alive=0
    for pid in $nginx_pid $pids; do
      kill -0 "$pid" 2>/dev/null && alive=1
    done
    [ $alive = 0 ] && break
    sleep 0.1
  done
  for pid in $nginx_pid $pids; do
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ -n "$created_db" ] && [ "${KEEP_DATABASE:-0}" != 1 ]; then
    psql -q -X -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres \
      -c "DROP DATABASE IF EXISTS \"$created_db\" WITH (FORCE)" >/dev/null 2>&1 || say "could not drop $created_db"
  fi
  if [ -n "$created_run_dir" ] && [ "${KEEP_RUN_DIR:-0}" != 1 ]; then
    rm -rf "$created_run_dir"
  fi
  say "stopped"
  exit "$status"
}
trap cleanup EXIT
# Ctrl-C or SIGTERM is the normal way to stop: a clean stop exits 0.
trap 'exit 0' INT TERM

# --- run folder ------------------------------------------------------------------------------------------------------
if [ -n "${RUN_DIR:-}" ]; then
  run_dir=$RUN_DIR
  mkdir -p "$run_dir"
else
  run_dir=$(mktemp -d "${TMPDIR:-/tmp}/portal-deploy-XXXXXX")
  created_run_dir=$run_dir
fi
chmod 755 "$run_dir"
mkdir -p "$run_dir/nginx/tmp" "$run_dir/data" "$run_dir/logs" "$run_dir/instances"

# --- free ports ------------------------------------------------------------------------------------------------------
port_list=$(node -e '
  const net = require("node:net");
  const n = Number(process.argv[1]);
  const servers = Array.from({ length: n }, () => net.createServer());
  Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", r)))).then(() => {
    process.stdout.write(servers.map((s) => s.address().port).join(" "));
    for (const s of servers) s.close();
  });' "$((instances + 1))")
read -r -a ports <<<"$port_list"
for port in "${ports[@]}"; do
  [[ $port =~ ^[0-9]+$ ]] || fail 1 "could not pick free ports (got: $port_list)"
done
[ ${#ports[@]} = $((instances + 1)) ] || fail 1 "could not pick free ports (got: $port_list)"
portal_port=${PORTAL_PORT:-${ports[$instances]}}

# --- PostgreSQL ------------------------------------------------------------------------------------------------------
pg_host=${PGHOST:-127.0.0.1}
pg_port=${PGPORT:-5432}
pg_user=${PGUSER:-postgres}
if [ -n "${DEPLOY_DATABASE_URL:-}" ]; then
  database_url=$DEPLOY_DATABASE_URL
else
  command -v psql >/dev/null 2>&1 || fail 3 "psql not found (Debian: apt-get install postgresql-client)"
  if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h "$pg_host" -p "$pg_port"; then
    fail 3 "PostgreSQL is not answering on $pg_host:$pg_port (set PGHOST/PGPORT, or start it)"
  fi
  db_name="portal_deploy_$(date +%s)_$$"
  psql -q -X -h "$pg_host" -p "$pg_port" -U "$pg_user" -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE \"$db_name\"" >/dev/null 2>"$run_dir/logs/createdb.log" ||
    fail 3 "could not create a database on $pg_host:$pg_port as $pg_user: $(cat "$run_dir/logs/createdb.log")"
  created_db=$db_name
  database_url="postgresql://${pg_user}@${pg_host}:${pg_port}/${db_name}"
fi

# --- the instances ---------------------------------------------------------------------------------------------------
export DATABASE_URL=$database_url
export JWT_SECRET=${JWT_SECRET:-$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("base64url"))')}
export DATA_DIR=$run_dir/data
export HOST=127.0.0.1
export TRUST_PROXY=1
export LOG_LEVEL=${LOG_LEVEL:-info}
demo=${DEMO_DATA:-0}
(umask 077 && env -0 >"$run_dir/instance.env")
access_log=$run_dir/logs/nginx-access.log
{
  printf 'NGINX_BIN=%q\n' "$nginx_bin"
  printf 'PORTAL_PORT=%q\n' "$portal_port"
  printf 'INSTANCES=%q\n' "$instances"
  printf 'ACCESS_LOG=%q\n' "$access_log"
} >"$run_dir/deploy.vars"

# All instances start at once: migrations run under an advisory lock, reference data and the super admin are
# written safely by whichever comes first.
for i in $(seq 1 "$instances"); do
  echo "${ports[$((i - 1))]}" >"$run_dir/instances/$i.port"
  instance_demo=0
  [ "$i" = 1 ] && instance_demo=$demo
  start_instance "$run_dir" "$i" "$instance_demo"
done
for i in $(seq 1 "$instances"); do
  wait_for_ready "$run_dir" "$i"
done

# --- nginx -----------------------------------------------------------------------------------------------------------
render_nginx "$run_dir"
user_directive=''
if [ "$(id -u)" = 0 ]; then
  # nginx's workers drop root; they need to write their temporary files.
  worker_user=www-data
  id "$worker_user" >/dev/null 2>&1 || worker_user=nobody
  user_directive="user $worker_user $(id -gn "$worker_user");"
  chown -R "$worker_user" "$run_dir/nginx/tmp"
fi
sed -e "s|@RUN_DIR@|$run_dir|g" -e "s|@USER_DIRECTIVE@|$user_directive|" \
  "$repo/deploy/nginx/local-main.conf" >"$run_dir/nginx/nginx.conf"
mapfile -t nginx_run_args < <(nginx_args "$run_dir")
"$nginx_bin" -t -q "${nginx_run_args[@]}" 2>"$run_dir/logs/nginx-test.log" ||
  fail 4 "nginx refused the configuration: $(cat "$run_dir/logs/nginx-test.log")"
"$nginx_bin" "${nginx_run_args[@]}" -g 'daemon off;' >"$run_dir/logs/nginx.log" 2>&1 &
nginx_pid=$!

portal_url="http://127.0.0.1:$portal_port"
ready=0
for _ in $(seq 1 100); do
  kill -0 "$nginx_pid" 2>/dev/null || fail 4 "nginx exited: $(cat "$run_dir/logs/nginx.log" "$run_dir/nginx/error.log" 2>/dev/null)"
  if answers "$portal_url/api/v1/health/ready"; then
    ready=1
    break
  fi
  sleep 0.1
done
[ $ready = 1 ] || fail 4 "nginx does not answer on $portal_url"

{
  echo "PORTAL_URL=$portal_url"
  echo "INSTANCES=$instances"
  for i in $(seq 1 "$instances"); do
    echo "INSTANCE_${i}_URL=$(instance_url "$run_dir" "$i")"
    echo "INSTANCE_${i}_PID=$(cat "$run_dir/instances/$i.pid")"
  done
  echo "NGINX_PID=$nginx_pid"
  echo "DATABASE_URL=$database_url"
  echo "RUN_DIR=$run_dir"
  echo "ACCESS_LOG=$access_log"
  echo "deploy ready"
}
say "portal at $portal_url/stAdmission/ ($instances instances behind nginx); Ctrl-C stops everything"

# Runs until stopped. An instance that dies is not restarted (that is systemd's job in production): nginx sends
# its requests to the others. Stops by itself if nginx dies (a reload keeps nginx's master, and this pid).
wait "$nginx_pid" || true
say "nginx exited"
