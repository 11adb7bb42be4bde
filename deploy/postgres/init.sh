#!/bin/sh
# First start of the compose Postgres: the database and the application role (RLS applies to it; no BYPASSRLS).
# The role's password comes from BOARDROOM_APP_DB_PASSWORD (.env), never from the repository.
# On one machine scripts/infra.mjs does the same; migrations grant the schema rights.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" -v app_password="$BOARDROOM_APP_DB_PASSWORD" <<'SQL'
CREATE DATABASE boardroom;
CREATE ROLE boardroom_app LOGIN PASSWORD :'app_password' NOSUPERUSER NOBYPASSRLS;
GRANT CONNECT ON DATABASE boardroom TO boardroom_app;
SQL
