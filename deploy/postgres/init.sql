-- First start of the compose Postgres: the database and the application role (RLS applies to it).
-- On one machine scripts/infra.mjs does the same; migrations grant the schema rights.
CREATE DATABASE boardroom;
CREATE ROLE boardroom_app LOGIN PASSWORD 'boardroom_app' NOSUPERUSER NOBYPASSRLS;
GRANT CONNECT ON DATABASE boardroom TO boardroom_app;
