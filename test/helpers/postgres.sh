#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the store tests: its own data folder, port and socket folder
# under a temporary directory, listening on 127.0.0.1 only, trust authentication on loopback, no
# system service. Run as root it runs the server as the `postgres` user (initdb refuses root).
#
#   bash test/helpers/postgres.sh run -- CMD ARGS…   start, run CMD with FTK_PG_URL set, stop (even on failure)
#   eval "$(bash test/helpers/postgres.sh start)"     start; prints `export FTK_PG_URL=… FTK_PG_DIR=…`
#   bash test/helpers/postgres.sh stop "$FTK_PG_DIR"  stop the cluster and delete its folder
#   bash test/helpers/postgres.sh restart "$FTK_PG_DIR"  pg_ctl restart -m immediate (a crash and a
#                                                      recovery: connections drop, nothing committed is lost)
#
# When no PostgreSQL is installed and the script runs as root, it installs Debian's `postgresql`
# package (`apt-get install -y --no-install-recommends postgresql`); otherwise it says what is missing.
# Progress goes to stderr; `start` prints only the export line on stdout.
set -euo pipefail

log() { printf 'postgres.sh: %s\n' "$*" >&2; }

# The newest installed server's bin folder (Debian: /usr/lib/postgresql/<major>/bin), or pg_ctl's on PATH.
find_bin() {
  local dir best='' best_major=0 major
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] || continue
    major=$(basename "$(dirname "$dir")")
    case $major in *[!0-9]* | '') continue ;; esac
    if [ "$major" -gt "$best_major" ]; then best=$dir best_major=$major; fi
  done
  if [ -z "$best" ] && command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    best=$(dirname "$(command -v pg_ctl)")
  fi
  printf '%s' "$best"
}

ensure_installed() {
  BIN=$(find_bin)
  if [ -n "$BIN" ]; then return; fi
  if [ "$(id -u)" -ne 0 ]; then
    log 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); install Debian'"'"'s postgresql package'
    exit 1
  fi
  log 'installing Debian postgresql (no system service is started by this script)'
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y --no-install-recommends postgresql >&2
  BIN=$(find_bin)
  if [ -z "$BIN" ]; then
    log 'postgresql installed but initdb/pg_ctl not found'
    exit 1
  fi
}

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A free TCP port on 127.0.0.1 (the kernel picks it; a race with another process is retried by start).
free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});"
}

start() {
  ensure_installed
  local dir port attempt
  dir=$(mktemp -d "${TMPDIR:-/tmp}/ftk-pg.XXXXXX")
  mkdir -p "$dir/data" "$dir/sock"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || { log 'no postgres user (install Debian postgresql)'; rm -rf "$dir"; exit 1; }
    chown -R postgres: "$dir"
    chmod 700 "$dir"
  fi
  log "initdb in $dir/data ($BIN)"
  if ! as_owner "$BIN/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    exit 1
  fi
  for attempt in 1 2 3 4 5; do
    port=$(free_port)
    # fsync stays on: the kill -9 tests rely on what an acknowledged append wrote being durable.
    if as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir/sock -c max_connections=200 -c shared_buffers=32MB" start >&2; then
      printf '%s\n' "$port" >"$dir/port"
      log "running on 127.0.0.1:$port (data and logs in $dir)"
      printf 'export FTK_PG_URL=%q FTK_PG_DIR=%q\n' "postgres://postgres@127.0.0.1:$port/postgres" "$dir"
      return
    fi
    log "start on port $port failed (attempt $attempt); server log:"
    tail -n 20 "$dir/server.log" >&2 || true
  done
  rm -rf "$dir"
  exit 1
}

stop() {
  local dir=${1:-}
  if [ -z "$dir" ] || [ ! -d "$dir/data" ]; then
    log "stop: no cluster folder '$dir'"
    return 0
  fi
  BIN=$(find_bin)
  if [ -n "$BIN" ] && [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$BIN/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >&2 || log 'pg_ctl stop failed'
  fi
  rm -rf "$dir"
  log "stopped and removed $dir"
}

restart() {
  local dir=${1:-}
  if [ -z "$dir" ] || [ ! -f "$dir/data/postmaster.pid" ]; then
    log "restart: no running cluster in '$dir'"
    exit 1
  fi
  BIN=$(find_bin)
  # Immediate: no shutdown checkpoint, the server recovers from its WAL at start (like a crash).
  as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m immediate -w -t 60 restart >&2
  log "restarted the cluster in $dir"
}

run() {
  [ "${1:-}" = '--' ] && shift
  if [ $# -eq 0 ]; then
    log 'run: give a command after --'
    exit 2
  fi
  local env_line
  env_line=$(start)
  eval "$env_line"
  # shellcheck disable=SC2064 # the folder is known now and must be the one stopped
  trap "stop '$FTK_PG_DIR'" EXIT
  trap 'exit 130' INT TERM
  "$@"
}

case ${1:-} in
  start) start ;;
  stop) stop "${2:-}" ;;
  restart) restart "${2:-}" ;;
  run) shift; run "$@" ;;
  *)
    sed -n '2,14p' "$0" >&2
    exit 2
    ;;
esac
