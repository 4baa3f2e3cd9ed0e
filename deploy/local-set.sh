# Functions of the loopback deploy set, sourced by deploy/start-local.sh and deploy/restart-instance.sh. The set's
# state lives in its run folder, so that either script can act on it:
#   instance.env           the instances' environment (NUL-separated, mode 600: it holds JWT_SECRET)
#   deploy.vars            NGINX_BIN, PORTAL_PORT, INSTANCES, ACCESS_LOG (shell assignments)
#   instances/<n>.port     the port of instance n, fixed for the set's life
#   instances/<n>.pid      the process of instance n now (a restart writes the new one)
#   logs/instance-<n>.log  its log, appended to by each start

say() { printf '%s: %s\n' "$script_name" "$*" >&2; }
fail() {
  local code=$1
  shift
  say "$*"
  exit "$code"
}

# Whether a GET of the URL answers 2xx within 2 s.
answers() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(2000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
    "$1" 2>/dev/null
}

instance_url() { printf 'http://127.0.0.1:%s' "$(cat "$1/instances/$2.port")"; }

# start_instance RUN_DIR N DEMO_DATA: starts instance N in the background with the set's environment, on its port.
# A young generation of 64 MB, as `npm run serve` (docs/decisions/0010-login-cost.md).
start_instance() {
  local run_dir=$1 i=$2 demo=$3 vars
  mapfile -d '' -t vars <"$run_dir/instance.env"
  env -i "${vars[@]}" PORT="$(cat "$run_dir/instances/$i.port")" DEMO_DATA="$demo" \
    node --max-semi-space-size=64 "$repo/api/dist/main.js" >>"$run_dir/logs/instance-$i.log" 2>&1 </dev/null &
  echo $! >"$run_dir/instances/$i.pid"
}

# Ready when GET /api/v1/health/ready answers 200 (whatever LOG_LEVEL says).
wait_for_ready() {
  local run_dir=$1 i=$2 pid url log
  pid=$(cat "$run_dir/instances/$i.pid")
  url=$(instance_url "$run_dir" "$i")
  log=$run_dir/logs/instance-$i.log
  for _ in $(seq 1 300); do
    answers "$url/api/v1/health/ready" && return 0
    kill -0 "$pid" 2>/dev/null || {
      tail -n 30 "$log" >&2
      fail 1 "instance $i exited during its start (log above: $log)"
    }
    sleep 0.3
  done
  tail -n 30 "$log" >&2
  fail 1 "instance $i did not become ready within 90 s"
}

# render_nginx RUN_DIR [DOWN]: writes nginx/portal.conf for the set's instances, instance DOWN (if given) marked down.
render_nginx() {
  local run_dir=$1 down=${2:-} upstreams=() i entry
  # shellcheck source=/dev/null
  source "$run_dir/deploy.vars"
  for i in $(seq 1 "$INSTANCES"); do
    entry="127.0.0.1:$(cat "$run_dir/instances/$i.port")"
    [ "$i" = "$down" ] && entry+=':down'
    upstreams+=("$entry")
  done
  "$repo/deploy/render-nginx.sh" "127.0.0.1:$PORTAL_PORT" "$ACCESS_LOG" "${upstreams[@]}" >"$run_dir/nginx/portal.conf"
}

nginx_args() { printf '%s\n' -p "$1/nginx" -e "$1/nginx/error.log" -c "$1/nginx/nginx.conf"; }

# reload_nginx RUN_DIR: checks the configuration, then has nginx's master start workers on it (SIGHUP). The old
# workers finish the requests they hold and exit; the new ones route by the new upstream list at once.
reload_nginx() {
  local run_dir=$1 args
  # shellcheck source=/dev/null
  source "$run_dir/deploy.vars"
  mapfile -t args < <(nginx_args "$run_dir")
  "$NGINX_BIN" -t -q "${args[@]}" 2>"$run_dir/logs/nginx-test.log" ||
    fail 4 "nginx refused the configuration: $(cat "$run_dir/logs/nginx-test.log")"
  kill -HUP "$(cat "$run_dir/nginx/nginx.pid")"
}
