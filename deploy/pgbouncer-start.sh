#!/usr/bin/env bash
# Runs PgBouncer in the foreground on deploy/pgbouncer.ini, its dollar-brace names filled in from
# the environment: the pgbouncer service of compose.yaml and bench/cluster.sh both start it this
# way, so they run the same configuration.
#
#   POSTGRES_HOST, POSTGRES_PORT, POSTGRES_DB, POSTGRES_USER, POSTGRES_PASSWORD   the database
#   PGBOUNCER_PORT            where the app connects (DATABASE_URL)
#   PGBOUNCER_LISTEN_ADDR     default * (all interfaces; 127.0.0.1 on one machine)
#   PGBOUNCER_RUN_DIR         where the filled-in files go (default /tmp/pgbouncer)
#
# PgBouncer refuses to run as root: run this as another user (compose: postgres).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
run=${PGBOUNCER_RUN_DIR:-/tmp/pgbouncer}
umask 077
mkdir -p "$run"
export PGBOUNCER_LISTEN_ADDR=${PGBOUNCER_LISTEN_ADDR:-*}
export PGBOUNCER_AUTH_FILE="$run/userlist.txt"

# bash 5.2 would read & in a replacement as the matched text.
shopt -u patsub_replacement 2>/dev/null || true
while IFS= read -r line || [ -n "$line" ]; do
  while [[ $line =~ \$\{([A-Z_]+)\} ]]; do
    name=${BASH_REMATCH[1]}
    if [ -z "${!name+set}" ]; then
      echo "pgbouncer-start.sh: $name is not set" >&2
      exit 1
    fi
    line=${line//"\${$name}"/${!name}}
  done
  printf '%s\n' "$line"
done <"$here/pgbouncer.ini" >"$run/pgbouncer.ini"

# The password itself, not a SCRAM secret: PgBouncer logs in to PostgreSQL with it (a secret
# would only let it pass on a client's own SCRAM exchange). A " in it is written twice.
printf '"%s" "%s"\n' "$POSTGRES_USER" "${POSTGRES_PASSWORD//\"/\"\"}" >"$PGBOUNCER_AUTH_FILE"

exec "$(command -v pgbouncer || echo /usr/sbin/pgbouncer)" "$run/pgbouncer.ini"
