-- Reminders are rebuilt from this table when the service starts (a Redis that lost its delayed jobs loses no
-- reminder). That start-up pass reads the scheduled rows of every organization: a read-only policy beside
-- tenant_isolation lets a transaction that says so (SET LOCAL app.scope = 'schedules-rebuild', only in
-- SchedulesRepository.unsafeListScheduled) see them. Nothing can be written through it.
CREATE POLICY schedules_rebuild_read ON "notification"."schedules" AS PERMISSIVE FOR SELECT
  USING (current_setting('app.scope', true) = 'schedules-rebuild');
