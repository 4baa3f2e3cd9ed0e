#!/usr/bin/env bash
# Prints deploy/nginx/portal.conf with its placeholders filled in.
# Usage: deploy/render-nginx.sh LISTEN ACCESS_LOG INSTANCE [INSTANCE…]
#   LISTEN      what nginx listens on, e.g. 443 ssl, 80 or 127.0.0.1:8088
#   ACCESS_LOG  file of the access log (with the upstream each request went to), e.g. /var/log/nginx/portal.log
#   INSTANCE    host:port of one portal instance, e.g. 10.0.0.11:8080; host:port:down keeps it in the list but
#               sends it nothing (a rolling upgrade takes each instance out in turn, README 'Upgrades without downtime')
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,7p' "$0" >&2
  exit 64
fi
listen=$1
access_log=$2
shift 2
servers=''
for instance in "$@"; do
  down=''
  if [[ $instance == *:down ]]; then
    instance=${instance%:down}
    down=' down'
  fi
  [[ $instance =~ ^[^[:space:]/]+:[0-9]+$ ]] || { echo "not host:port: $instance" >&2; exit 64; }
  servers+="    server ${instance} max_fails=1 fail_timeout=5s${down};"$'\n'
done
template="$(dirname "$0")/nginx/portal.conf"
while IFS= read -r line || [ -n "$line" ]; do
  case $line in
    '@UPSTREAM_SERVERS@') printf '%s' "$servers" ;;
    *)
      line=${line//@LISTEN@/$listen}
      line=${line//@ACCESS_LOG@/$access_log}
      printf '%s\n' "$line"
      ;;
  esac
done <"$template"
