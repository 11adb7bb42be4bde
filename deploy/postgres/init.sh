#!/bin/sh
# First start of the compose Postgres: the database and each service's own role boardroom_<service> (row-level
# security applies to it: NOSUPERUSER NOBYPASSRLS; docs/operations.md "Who may talk to whom"). Their password comes
# from BOARDROOM_APP_DB_PASSWORD (.env), never from the repository. On one machine scripts/infra.mjs does the same;
# migrations (scripts/migrate.ts) grant each role its own schema and nothing else.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" -c 'CREATE DATABASE boardroom'
for service in organization meeting notification approval library presentation minutes; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" -v role="boardroom_$service" -v app_password="$BOARDROOM_APP_DB_PASSWORD" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'app_password' NOSUPERUSER NOBYPASSRLS;
GRANT CONNECT ON DATABASE boardroom TO :"role";
SQL
done
