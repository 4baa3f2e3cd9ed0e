-- Issue 36: students whose documents were all accepted before the funnel existed get the instant of the last
-- acceptance, so the daily series and the medians count them. Closed seasons are read-only (0013): the
-- maintenance setting lets this one statement through, and is then put back as it was (a restore runs the
-- migrations inside its own maintenance transaction). First logins before the funnel are not known anywhere, so
-- they stay empty.
DO $$
DECLARE
  previous text := coalesce(current_setting('portal.season_maintenance', true), '');
BEGIN
  PERFORM set_config('portal.season_maintenance', 'on', true);
  UPDATE "students" SET "documents_accepted_at" = accepted.at
  FROM (
    SELECT i."student_id", max(i."reviewed_at") AS at
    FROM "student_images" i JOIN "students" s ON s."id" = i."student_id"
    WHERE s."documents_status" = 'accepted'
    GROUP BY i."student_id"
  ) AS accepted
  WHERE "students"."id" = accepted."student_id" AND "students"."documents_accepted_at" IS NULL;
  PERFORM set_config('portal.season_maintenance', previous, true);
END $$;
