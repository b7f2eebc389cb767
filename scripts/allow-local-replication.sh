#!/usr/bin/env bash
# Lets the local PostgreSQL (127.0.0.1:5432) be copied into a streaming replica without a password,
# as tests/api/read-replica.test.ts does with pg_basebackup: appends a `replication` line to
# pg_hba.conf if it is missing and reloads the server. Idempotent; for test machines only.
set -euo pipefail
PSQL=(psql -h "${PGHOST:-127.0.0.1}" -p "${PGPORT:-5432}" -U "${PGUSER:-postgres}" -d postgres -Atq -v ON_ERROR_STOP=1)
LINE='host replication all 127.0.0.1/32 trust'

hba=$("${PSQL[@]}" -c 'show hba_file')
if ! grep -qxF "$LINE" "$hba"; then
  printf '%s\n' "$LINE" >>"$hba"
  echo "allow-local-replication: added '$LINE' to $hba"
fi
"${PSQL[@]}" -c 'select pg_reload_conf()' >/dev/null

# Streaming needs WAL for replicas and at least one WAL sender (PostgreSQL's defaults).
level=$("${PSQL[@]}" -c 'show wal_level')
senders=$("${PSQL[@]}" -c 'show max_wal_senders')
if [ "$level" = minimal ] || [ "$senders" -lt 1 ]; then
  echo "allow-local-replication: wal_level=$level max_wal_senders=$senders: no streaming replica possible" >&2
  exit 1
fi
