#!/usr/bin/env bash
# The HA topology on one machine, for tests and demos (docs/operations.md; the compose file next
# to this one is the same shape on separate machines):
#   - Patroni: etcd (its store, one member here) and two Patroni agents, each with its Postgres
#     data directory (a primary and a synchronous standby), all settings in patroni.yml;
#   - two service nodes (`node dist/main.js`, each a primary process with its workers) whose
#     DATABASE_URL is HAProxy's Postgres listener;
#   - HAProxy in front of the service nodes, checking /healthz, and in front of Postgres,
#     forwarding to the node Patroni's REST API names the primary.
# Usage: deploy/ha/ha.sh start|stop|status|env|destroy|switchover|start-app N|stop-app N|start-node N
# (each command and what it waits for: docs/operations.md). Every command says in a line what it
# did; one that waits gives up after HA_WAIT_SECONDS (default 120) with what it last saw, exit 1.
# Environment: HA_DIR (state, default /tmp/offiziersskat-ha), HA_PORT_BASE (default 15400: etcd
# +0 (its peer port +3), Postgres nodes +1 +2, their Patroni REST APIs +6 +7, HAProxy +10 (its
# Postgres listener +13), service nodes +11 +12, HAProxy's stats +19), HA_SERVICE_ENV (more VAR=value words for the service nodes),
# HA_PG_FAST=1 (fsync off: tests only), HA_DATABASE_ROUTE=hosts (the service nodes get both Postgres
# nodes in one URL instead of HAProxy's listener: shows why not, docs/operations.md).
# Build first (npm run build): the service nodes run dist/main.js. As root, Patroni and Postgres run
# as the `postgres` OS user (initdb refuses root). Needs curl and jq (Patroni's REST API answers JSON).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
HA_DIR="${HA_DIR:-/tmp/offiziersskat-ha}"
BASE="${HA_PORT_BASE:-15400}"
ETCD_PORT=$BASE
ETCD_PEER_PORT=$((BASE + 3))
PG1_PORT=$((BASE + 1))
PG2_PORT=$((BASE + 2))
LB_PORT=$((BASE + 10))
APP1_PORT=$((BASE + 11))
APP2_PORT=$((BASE + 12))
STATS_PORT=$((BASE + 19))
PG_LB_PORT=$((BASE + 13))
DB=skat
WAIT_SECONDS="${HA_WAIT_SECONDS:-120}"
export PATH="/usr/lib/postgresql/15/bin:$PATH"

rest_port() { echo $((BASE + 5 + $1)); }

# A command in a session of its own (its process group: the pid it answers with), as `postgres`
# when run as root.
setsid_pg() {
  if [ "$(id -u)" = 0 ]; then
    exec setsid runuser -u postgres -- env "$@"
  else
    exec setsid env "$@"
  fi
}

# The URL the service uses: HAProxy's Postgres listener, which forwards to the primary.
# HA_DATABASE_ROUTE=hosts: both nodes in one URL instead (target_session_attrs=primary).
database_url() {
  if [ "${HA_DATABASE_ROUTE:-haproxy}" = hosts ]; then
    echo "postgres://postgres@127.0.0.1:$PG1_PORT,127.0.0.1:$PG2_PORT/$DB?target_session_attrs=primary"
  else
    echo "postgres://postgres@127.0.0.1:$PG_LB_PORT/$DB"
  fi
}
etcd_url() { echo "http://127.0.0.1:$ETCD_PORT"; }

# A process of ours runs (a killed one not yet reaped, a zombie, does not: `ps` says Z).
alive() {
  local stat
  [ -f "$HA_DIR/$1.pid" ] && stat=$(ps -o stat= -p "$(cat "$HA_DIR/$1.pid")" 2>/dev/null) && [ "${stat:0:1}" != Z ]
}

say() { echo "ha.sh: $*"; }
fail() { echo "ha.sh: $*" >&2; exit 1; }

wait_for() { # seconds, command...
  local n=$1; shift
  for _ in $(seq 1 $((n * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "ha.sh: timed out waiting for: $*" >&2; return 1
}

# Seconds since `since` (a `date +%s.%N`), to one decimal.
took() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

start_etcd() {
  alive etcd && return 0
  mkdir -p "$HA_DIR/etcd" && chmod 700 "$HA_DIR/etcd"
  setsid etcd --name etcd1 --data-dir "$HA_DIR/etcd" \
    --listen-client-urls "$(etcd_url)" --advertise-client-urls "$(etcd_url)" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER_PORT" \
    --initial-cluster "etcd1=http://127.0.0.1:$ETCD_PEER_PORT" >>"$HA_DIR/etcd.log" 2>&1 &
  echo $! >"$HA_DIR/etcd.pid"
  wait_for 30 curl -fs "$(etcd_url)/health"
}

# One Patroni agent in a session of its own, its pid in HA_DIR/node<n>.pid. Patroni starts its
# Postgres in a session of its own too: "the machine" dying is both killed (bench/ha-harness.ts).
run_node() { # n
  alive "node$1" && return 0
  local port=$((BASE + $1)) rest
  rest=$(rest_port "$1")
  setsid_pg PATRONI_NAME="node$1" PATRONI_ETCD3_HOSTS="127.0.0.1:$ETCD_PORT" \
    PATRONI_RESTAPI_LISTEN="127.0.0.1:$rest" PATRONI_RESTAPI_CONNECT_ADDRESS="127.0.0.1:$rest" \
    PATRONI_POSTGRESQL_LISTEN="127.0.0.1:$port" PATRONI_POSTGRESQL_CONNECT_ADDRESS="127.0.0.1:$port" \
    PATRONI_POSTGRESQL_DATA_DIR="$HA_DIR/node$1" PATRONI_POSTGRESQL_PGPASS="$HA_DIR/pgpass$1" \
    patroni "$HERE/patroni.yml" >>"$HA_DIR/node$1.log" 2>&1 &
  echo $! >"$HA_DIR/node$1.pid"
}

# Patroni's REST API: 200 from /primary on the node that is primary, from /sync on its synchronous
# standby.
rest() { curl -fs -o /dev/null "http://127.0.0.1:$(rest_port "$1")/$2"; }
primary_node() { for n in 1 2; do rest $n primary && { echo $n; return 0; }; done; return 1; }
synchronous() { rest 1 primary && rest 2 sync || { rest 2 primary && rest 1 sync; }; }
# Node n's own state as its Patroni tells it (GET /patroni): state, role, ...; {} when it does not answer.
patroni_of() { curl -s --max-time 2 "http://127.0.0.1:$(rest_port "$1")/patroni" 2>/dev/null | jq -ec . 2>/dev/null || echo '{}'; }

# Node n is in the cluster: Postgres running as the primary (Patroni holds the leader key), or
# running as a replica that the primary lists as streaming (its WAL sender to node n, in the
# primary's own GET /patroni). Prints how: "primary", "synchronous standby" or "standby".
in_cluster() { # n
  local n=$1 other=$((3 - $1)) self
  self=$(patroni_of "$n")
  [ "$(jq -r .state <<<"$self")" = running ] || return 1
  case "$(jq -r .role <<<"$self")" in
    master | primary) rest "$n" primary && { echo primary; return 0; } ;;
    replica)
      rest "$other" primary || return 1
      case "$(patroni_of "$other" | jq -r --arg name "node$n" '.replication // [] | map(select(.application_name == $name and .state == "streaming")) | .[0].sync_state // empty')" in
        '') return 1 ;;
        sync) echo "synchronous standby" ;;
        *) echo standby ;;
      esac
      return 0
      ;;
  esac
  return 1
}

# Waits until node n is in the cluster (in_cluster): prints how and how long it took, or fails with
# what its Patroni last said.
wait_in_cluster() { # n since
  local n=$1 since=$2 how
  for _ in $(seq 1 $((WAIT_SECONDS * 5))); do
    how=$(in_cluster "$n") && { say "node$n: back in the cluster as the $how, in $(took "$since") s"; return 0; }
    alive "node$n" || fail "node$n: its Patroni exited (see $HA_DIR/node$n.log)"
    sleep 0.2
  done
  fail "node$n: not back in the cluster within $WAIT_SECONDS s (its Patroni says $(patroni_of "$n" | jq -c '{state, role}'); see $HA_DIR/node$n.log)"
}

start_pg() {
  mkdir -p "$HA_DIR"
  chmod 777 "$HA_DIR"
  start_etcd
  local fresh=0
  [ -d "$HA_DIR/node1" ] || fresh=1
  run_node 1
  wait_for 90 primary_node
  if [ $fresh = 1 ] && [ "${HA_PG_FAST:-0}" = 1 ]; then
    # Tests only: no fsync (postgresql.auto.conf, copied to the standby by its base backup).
    # full_page_writes stays on: pg_rewind needs it.
    psql "postgres://postgres@127.0.0.1:$PG1_PORT/postgres" -qc "alter system set fsync = off" -c "select pg_reload_conf()" >/dev/null
  fi
  wait_for 30 psql "postgres://postgres@127.0.0.1:$PG1_PORT/$DB" -Atc "select 1"
  run_node 2
  wait_for 120 synchronous
}

start_app() { # n port
  local n=$1 port=$2
  alive "app$n" && return 0
  # shellcheck disable=SC2086
  setsid env PORT="$port" HOST=127.0.0.1 DATABASE_URL="$(database_url)" LOG_LEVEL="${LOG_LEVEL:-info}" \
    TRUST_PROXY=1 ${HA_SERVICE_ENV:-} node "$ROOT/dist/main.js" >>"$HA_DIR/app$n.log" 2>&1 &
  echo $! >"$HA_DIR/app$n.pid"
}

# haproxy.cfg reads its addresses from the environment (the compose file sets them too).
start_lb() {
  alive haproxy && return 0
  LB_BIND="127.0.0.1:$LB_PORT" STATS_BIND="127.0.0.1:$STATS_PORT" APP1_ADDR="127.0.0.1:$APP1_PORT" APP2_ADDR="127.0.0.1:$APP2_PORT" \
    PG_BIND="127.0.0.1:$PG_LB_PORT" PG1_ADDR="127.0.0.1:$PG1_PORT" PG2_ADDR="127.0.0.1:$PG2_PORT" PG1_REST_PORT="$(rest_port 1)" PG2_REST_PORT="$(rest_port 2)" \
    haproxy -f "$HERE/haproxy.cfg" -D -p "$HA_DIR/haproxy.pid"
}

stop_one() { # name: the process group of its pid
  if alive "$1"; then
    kill -TERM -- "-$(cat "$HA_DIR/$1.pid")" 2>/dev/null || kill -TERM "$(cat "$HA_DIR/$1.pid")" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$1" || break; sleep 0.1; done
    alive "$1" && kill -KILL -- "-$(cat "$HA_DIR/$1.pid")" 2>/dev/null || true
  fi
  rm -f "$HA_DIR/$1.pid"
}

# Patroni stops its Postgres on SIGTERM; a Postgres left behind (its Patroni killed) is stopped too.
stop_node() { # n
  stop_one "node$1"
  local pidfile="$HA_DIR/node$1/postmaster.pid" pid
  [ -f "$pidfile" ] || return 0
  pid=$(head -1 "$pidfile")
  kill -0 "$pid" 2>/dev/null || return 0
  kill -INT "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
}

node_arg() { # the N of a command: 1 or 2
  case "${1:-}" in 1 | 2) ;; *) echo "usage: $0 ${CMD} 1|2" >&2; exit 2 ;; esac
}

CMD="${1:-}"
case "$CMD" in
  start)
    [ -f "$ROOT/dist/main.js" ] || { echo "ha.sh: build first (npm run build)" >&2; exit 1; }
    start_pg
    start_lb
    start_app 1 "$APP1_PORT"
    start_app 2 "$APP2_PORT"
    wait_for 60 curl -fs "http://127.0.0.1:$APP1_PORT/readyz"
    wait_for 60 curl -fs "http://127.0.0.1:$APP2_PORT/readyz"
    wait_for 20 curl -fs "http://127.0.0.1:$LB_PORT/readyz"
    primary=$(primary_node)
    say "up: node$primary primary, node$((3 - primary)) its synchronous standby; the service at http://127.0.0.1:$LB_PORT (HAProxy), DATABASE_URL=$(database_url)"
    ;;
  start-app) # n: one service node again (after a test killed it); returns once it is ready
    node_arg "${2:-}"
    port=$((BASE + 10 + $2)) since=$(date +%s.%N)
    if alive "app$2"; then
      say "app$2: already running (pid $(cat "$HA_DIR/app$2.pid"))"
    else
      start_app "$2" "$port"
    fi
    wait_for "$WAIT_SECONDS" curl -fs "http://127.0.0.1:$port/readyz" ||
      fail "app$2: not ready within $WAIT_SECONDS s (see $HA_DIR/app$2.log)"
    say "app$2: ready on http://127.0.0.1:$port (pid $(cat "$HA_DIR/app$2.pid")), in $(took "$since") s"
    ;;
  stop-app) # n: returns once its processes are gone
    node_arg "${2:-}"
    if alive "app$2"; then
      stop_one "app$2"
      say "app$2: stopped"
    else
      rm -f "$HA_DIR/app$2.pid"
      say "app$2: was not running"
    fi
    ;;
  start-node) # n: one Postgres node's Patroni again (after "its machine" died); returns once it is
    # back in the cluster: the primary, or a replica streaming from the primary
    node_arg "${2:-}"
    since=$(date +%s.%N)
    if alive "node$2"; then
      say "node$2: its Patroni is already running (pid $(cat "$HA_DIR/node$2.pid"))"
    else
      run_node "$2"
      say "node$2: Patroni started (pid $(cat "$HA_DIR/node$2.pid")); waiting for it to rejoin"
    fi
    wait_in_cluster "$2" "$since"
    ;;
  switchover) # the standby becomes primary, the primary its standby (planned: maintenance); returns
    # once the new primary is in place
    primary=$(primary_node) || fail "switchover: no node is primary now (ha.sh status)"
    candidate=$((3 - primary)) since=$(date +%s.%N)
    # Patroni answers when the switchover is done (or refused): its words, and its status.
    answer=$(curl -sS --max-time "$WAIT_SECONDS" -w '\n%{http_code}' -XPOST "http://127.0.0.1:$(rest_port "$primary")/switchover" \
      -d "{\"leader\":\"node$primary\",\"candidate\":\"node$candidate\"}" 2>&1) || true
    status=${answer##*$'\n'}
    say "switchover: Patroni (node$primary) answered $status: ${answer%$'\n'*}"
    [ "$status" = 200 ] || fail "switchover: refused or failed; node$primary stays the primary (ha.sh status)"
    wait_for "$WAIT_SECONDS" rest "$candidate" primary ||
      fail "switchover: node$candidate is not the primary within $WAIT_SECONDS s (ha.sh status)"
    say "switchover: node$candidate is the primary now, in $(took "$since") s; node$primary rejoins as its standby"
    ;;
  stop) # returns once every process is gone; the state stays in HA_DIR
    [ -f "$HA_DIR/haproxy.pid" ] && kill "$(cat "$HA_DIR/haproxy.pid")" 2>/dev/null || true
    rm -f "$HA_DIR/haproxy.pid"
    stop_one app1; stop_one app2
    stop_node 2; stop_node 1; stop_one etcd
    say "stopped: HAProxy, the service nodes, both Postgres nodes, etcd (their data and logs kept in $HA_DIR)"
    ;;
  destroy)
    "$0" stop
    rm -rf "$HA_DIR"
    say "destroyed: $HA_DIR removed"
    ;;
  status)
    for p in etcd node1 node2 app1 app2 haproxy; do
      if alive "$p"; then echo "$p: running (pid $(cat "$HA_DIR/$p.pid"))"; else echo "$p: stopped"; fi
    done
    PATRONI_ETCD3_HOSTS="127.0.0.1:$ETCD_PORT" patronictl -c "$HERE/patroni.yml" list 2>/dev/null || true
    ;;
  env)
    echo "DATABASE_URL=$(database_url)"
    echo "ETCD_URL=$(etcd_url)"
    echo "PATRONI1_URL=http://127.0.0.1:$(rest_port 1)"
    echo "PATRONI2_URL=http://127.0.0.1:$(rest_port 2)"
    echo "LB_URL=http://127.0.0.1:$LB_PORT"
    echo "APP1_URL=http://127.0.0.1:$APP1_PORT"
    echo "APP2_URL=http://127.0.0.1:$APP2_PORT"
    echo "HA_DIR=$HA_DIR"
    ;;
  *)
    echo "usage: $0 start|stop|status|env|destroy|switchover|stop-app N|start-app N|start-node N" >&2
    exit 2
    ;;
esac
