#!/usr/bin/env bash
# The deployment of deploy/compose.yaml, natively on this machine: PostgreSQL 15 (a throwaway
# cluster), PgBouncer in transaction mode in front of it (deploy/pgbouncer.ini), three app
# instances (apps/server/dist/server.js) and HAProxy in front of them (deploy/haproxy.cfg). It
# waits until everything is healthy, runs bench/cluster-check.mjs against the balancer (or a
# command of yours), then stops everything and removes it, also when something failed.
#
#   npm run build && bench/cluster.sh                      # the check
#   bench/cluster.sh node bench/round-night.mjs            # a command instead of the check
#   bench/cluster.sh --check node bench/round-night.mjs    # the command, then the check
#
# The check kills an instance, so with --check it runs after the command, on a whole cluster.
# The command and the check get, exported:
#   CLUSTER_URL             the balancer (http://127.0.0.1:<port>)
#   CLUSTER_DATABASE_URL    PostgreSQL itself (not through PgBouncer)
#   CLUSTER_PIDS            the app instances' process ids, app1 app2 app3 (HAProxy's names)
#   CLUSTER_INSTANCE_URLS   each instance's own URL, in the same order
#   CLUSTER_BOUNCER_URL     the database through PgBouncer (what the instances' DATABASE_URL is)
#   CLUSTER_MAILBOX         a file with a JSON line per mail the instances sent (bench/smtp-sink.mjs)
#   CLUSTER_API_RATE_LIMIT  the instances' API_RATE_LIMIT (CLUSTER_API_RATE_LIMIT=… to change it)
#   CLUSTER_PG_PID          PostgreSQL's postmaster
#
# As root, PostgreSQL and PgBouncer (which both refuse root) run as the system user postgres,
# created if missing, as the embedded database does (apps/server/src/db/postgres-user.ts).
# Needs the PostgreSQL 15 server (PG_BIN, default /usr/lib/postgresql/15/bin), pgbouncer and
# haproxy: apt-get install postgresql-15 pgbouncer haproxy.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
node=$root/node_modules/.bin/node
[ -x "$node" ] || node=$(command -v node)
pg_bin=${PG_BIN:-/usr/lib/postgresql/15/bin}

run_check=0
if [ "${1:-}" = "--check" ]; then
  run_check=1
  shift
fi
[ $# -eq 0 ] && run_check=1

fail() {
  echo "cluster.sh: $*" >&2
  exit 1
}
[ -f apps/server/dist/server.js ] && [ -f apps/web/dist/index.html ] ||
  fail "no build: run npm run build first"
for binary in "$pg_bin/initdb" "$pg_bin/postgres" "$pg_bin/pg_isready"; do
  [ -x "$binary" ] || fail "$binary is missing (apt-get install postgresql-15, or PG_BIN=…)"
done
command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || fail "pgbouncer is missing (apt-get install pgbouncer)"
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || fail "haproxy is missing (apt-get install haproxy)"
export PATH="$PATH:/usr/sbin"

started=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/speedway-cluster.XXXXXX")
chmod 755 "$tmp"
declare -A pid=()
status=1

# PostgreSQL and PgBouncer refuse to run as root: as root they run as postgres.
as_db_user=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id -u postgres >/dev/null 2>&1; then
    groupadd --system postgres 2>/dev/null || true
    useradd --system --gid postgres --no-create-home --shell /usr/sbin/nologin postgres
  fi
  # setpriv runs the program in place of itself (no child in between), so its pid is the one to
  # signal; the user must be able to enter $tmp (hence a folder under /tmp, mode 755).
  as_db_user=(setpriv --reuid=postgres --regid=postgres --init-groups --)
  runuser -u postgres -- test -x "$tmp" || fail "postgres cannot enter $tmp (set TMPDIR to a folder it can)"
fi
db_owned_dir() {
  mkdir -p "$1"
  [ ${#as_db_user[@]} -eq 0 ] || chown postgres:postgres "$1"
  chmod 700 "$1"
}

# A process of the cluster, in the background, its output in a log of its own. Disowned: the
# shell neither waits for it nor reports its end (the check kills one on purpose).
start() {
  local name=$1 log=$2
  shift 2
  "$@" >"$log" 2>&1 &
  pid[$name]=$!
  disown "$!"
}
stop() {
  local name=$1 signal=$2
  [ -n "${pid[$name]:-}" ] && kill "-$signal" "${pid[$name]}" 2>/dev/null || true
}
wait_gone() {
  local deadline=$((SECONDS + $1)) name
  shift
  for name in "$@"; do
    [ -n "${pid[$name]:-}" ] || continue
    while kill -0 "${pid[$name]}" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    kill -KILL "${pid[$name]}" 2>/dev/null || true
  done
}
cleanup() {
  status=${status:-$?}
  trap - EXIT INT TERM
  # The instances drain (SIGTERM), then what they use goes: HAProxy, PgBouncer, PostgreSQL.
  for name in app1 app2 app3 haproxy smtp; do stop "$name" TERM; done
  wait_gone 20 app1 app2 app3 haproxy smtp
  stop pgbouncer INT
  wait_gone 10 pgbouncer
  stop postgres INT # fast shutdown
  wait_gone 20 postgres
  if [ "$status" -ne 0 ]; then
    for log in "$tmp"/*.log; do
      [ -f "$log" ] || continue
      echo "--- $(basename "$log") (last 40 lines)"
      tail -n 40 "$log"
    done
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap 'status=$?; cleanup' EXIT
trap 'status=130; cleanup' INT TERM

# Free loopback ports, all found before any is used.
read -r pg_port bouncer_port lb_port smtp_port app1_port app2_port app3_port < <("$node" -e '
  const net = require("node:net");
  const servers = Array.from({ length: 7 }, () => net.createServer());
  Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", r)))).then(() => {
    console.log(servers.map((s) => s.address().port).join(" "));
    servers.forEach((s) => s.close());
  });')

password=$("$node" -e 'console.log(require("node:crypto").randomBytes(18).toString("base64url"))')
app_secret=$("$node" -e 'console.log(require("node:crypto").randomBytes(36).toString("base64url"))')
direct_url="postgres://speedway:$password@127.0.0.1:$pg_port/speedway"
bouncer_url="postgres://speedway:$password@127.0.0.1:$bouncer_port/speedway"

echo "cluster: PostgreSQL 15 on :$pg_port, PgBouncer on :$bouncer_port, app on :$app1_port :$app2_port :$app3_port, HAProxy on :$lb_port ($tmp)"

# PostgreSQL: a new cluster, password logins only, on loopback.
db_owned_dir "$tmp/pg"
printf '%s\n' "$password" >"$tmp/pg-password"
[ ${#as_db_user[@]} -eq 0 ] || chown postgres "$tmp/pg-password"
chmod 600 "$tmp/pg-password"
"${as_db_user[@]}" "$pg_bin/initdb" -D "$tmp/pg" -U speedway --pwfile="$tmp/pg-password" \
  --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 --no-instructions >"$tmp/initdb.log" 2>&1 ||
  fail "initdb failed: $(cat "$tmp/initdb.log")"
start postgres "$tmp/postgres.log" "${as_db_user[@]}" "$pg_bin/postgres" -D "$tmp/pg" \
  -c listen_addresses=127.0.0.1 -c port="$pg_port" -c unix_socket_directories="$tmp/pg" \
  -c max_connections=100
until "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$pg_port"; do
  kill -0 "${pid[postgres]}" 2>/dev/null || fail "PostgreSQL did not start"
  sleep 0.2
done
PGPASSWORD=$password "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U speedway speedway

# PgBouncer: deploy/pgbouncer.ini through deploy/pgbouncer-start.sh, as in compose.yaml. Copied
# beside the cluster, where the database user can read them (a clone under /root is not).
mkdir -p "$tmp/deploy"
cp deploy/pgbouncer.ini deploy/pgbouncer-start.sh "$tmp/deploy/"
chmod 755 "$tmp/deploy" "$tmp/deploy/pgbouncer-start.sh"
chmod 644 "$tmp/deploy/pgbouncer.ini"
db_owned_dir "$tmp/pgbouncer"
start pgbouncer "$tmp/pgbouncer.log" "${as_db_user[@]}" env POSTGRES_HOST=127.0.0.1 \
  POSTGRES_PORT="$pg_port" POSTGRES_DB=speedway POSTGRES_USER=speedway \
  POSTGRES_PASSWORD="$password" PGBOUNCER_PORT="$bouncer_port" PGBOUNCER_LISTEN_ADDR=127.0.0.1 \
  PGBOUNCER_RUN_DIR="$tmp/pgbouncer" "$tmp/deploy/pgbouncer-start.sh"
until "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$bouncer_port" -d speedway -U speedway; do
  kill -0 "${pid[pgbouncer]}" 2>/dev/null || fail "PgBouncer did not start"
  sleep 0.2
done

# The mail sink the instances' job workers send to.
start smtp "$tmp/smtp.log" "$node" bench/smtp-sink.mjs "$smtp_port" "$tmp/mailbox.jsonl"
touch "$tmp/mailbox.jsonl"

# Three instances at once, as a deployment starts them (the migrations take turns on their lock);
# app1 seeds the demo season. The pooled queries go through PgBouncer, what needs a session
# (LISTEN, the migrations) straight to PostgreSQL (ADR 026).
rate_limit=${CLUSTER_API_RATE_LIMIT:-600}
for n in 1 2 3; do
  port_var=app${n}_port
  mkdir -p "$tmp/app$n"
  start "app$n" "$tmp/app$n.log" env NODE_ENV=production HOST=127.0.0.1 PORT="${!port_var}" \
    DATA_DIR="$tmp/app$n" DATABASE_URL="$bouncer_url" DATABASE_DIRECT_URL="$direct_url" \
    APP_SECRET="$app_secret" APP_URL="http://127.0.0.1:$lb_port" \
    SMTP_URL="smtp://127.0.0.1:$smtp_port" OFFICIAL_SOURCE=none TRUST_PROXY=1 \
    API_RATE_LIMIT="$rate_limit" DEMO_DATA="$([ $n -eq 1 ] && echo on || echo off)" \
    LOG_LEVEL="${CLUSTER_LOG_LEVEL:-warn}" "$node" apps/server/dist/server.js
done
for n in 1 2 3; do
  port_var=app${n}_port
  deadline=$((SECONDS + 120))
  until "$node" -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
    "http://127.0.0.1:${!port_var}/api/health"; do
    kill -0 "${pid[app$n]}" 2>/dev/null || fail "app$n exited: $(tail -n 20 "$tmp/app$n.log")"
    [ $SECONDS -lt $deadline ] || fail "app$n did not become healthy"
    sleep 0.5
  done
done

# HAProxy in front, with deploy/haproxy.cfg as it is.
start haproxy "$tmp/haproxy.log" env HAPROXY_BIND="127.0.0.1:$lb_port" \
  HAPROXY_SOCKET="$tmp/haproxy.sock" APP1="127.0.0.1:$app1_port" APP2="127.0.0.1:$app2_port" \
  APP3="127.0.0.1:$app3_port" haproxy -db -f deploy/haproxy.cfg
# Until the balancer sends requests to all three (each is in rotation after two good checks).
"$node" -e '
  const [url] = process.argv.slice(1);
  const until = Date.now() + 30_000;
  (async () => {
    for (;;) {
      const served = new Set();
      for (let i = 0; i < 6; i++) {
        const r = await fetch(url).catch(() => null);
        if (r?.ok) served.add(r.headers.get("x-served-by"));
      }
      if (served.size === 3) return;
      if (Date.now() > until) throw new Error(`the balancer reaches ${[...served].join(", ") || "none"}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  })().catch((e) => { console.error(e.message); process.exit(1); });' "http://127.0.0.1:$lb_port/api/health" ||
  fail "HAProxy did not bring all three instances into rotation"
echo "cluster: up in $((SECONDS - started)) s"

export CLUSTER_URL="http://127.0.0.1:$lb_port"
export CLUSTER_DATABASE_URL="$direct_url"
export CLUSTER_BOUNCER_URL="$bouncer_url"
export CLUSTER_PIDS="${pid[app1]} ${pid[app2]} ${pid[app3]}"
export CLUSTER_INSTANCE_URLS="http://127.0.0.1:$app1_port http://127.0.0.1:$app2_port http://127.0.0.1:$app3_port"
export CLUSTER_MAILBOX="$tmp/mailbox.jsonl"
export CLUSTER_API_RATE_LIMIT="$rate_limit"
# The postmaster (for its CPU), not the runuser that started it as postgres.
export CLUSTER_PG_PID=$(head -n 1 "$tmp/pg/postmaster.pid")

status=0
if [ $# -gt 0 ]; then
  "$@" || status=$?
  echo "cluster: $* exited $status"
fi
if [ $run_check -eq 1 ] && [ $status -eq 0 ]; then
  check_started=$SECONDS
  "$node" bench/cluster-check.mjs || status=$?
  echo "cluster: the check took $((SECONDS - check_started)) s, exit $status"
fi
echo "cluster: $((SECONDS - started)) s in all"
exit "$status"
