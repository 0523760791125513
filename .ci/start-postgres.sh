#!/usr/bin/env bash
# Installs (when missing) and starts PostgreSQL on 127.0.0.1:5432 with a `calendar` role that may
# create databases: the test harness makes a fresh database per suite on it.
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p 5432
# The suite runs several server processes and suites at once, each with its own pool of up to ten
# connections (and a database per suite): the default 100 slots ran out.
if [ "$(su postgres -c "psql -tAc 'SHOW max_connections'")" -lt 300 ]; then
  su postgres -c "psql -q -c 'ALTER SYSTEM SET max_connections = 300'"
  pg_ctlcluster "$version" main restart
  for _ in $(seq 1 30); do
    pg_isready -h 127.0.0.1 -p 5432 -q && break
    sleep 1
  done
fi
su postgres -c "psql -q -tAc \"SELECT 1 FROM pg_roles WHERE rolname='calendar'\"" | grep -q 1 ||
  su postgres -c "psql -q -c \"CREATE ROLE calendar LOGIN PASSWORD 'calendar' CREATEDB\""
echo "PostgreSQL $version is up on 127.0.0.1:5432 (role calendar)"
