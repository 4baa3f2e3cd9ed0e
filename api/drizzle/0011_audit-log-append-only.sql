-- Issue 20: rows written before the audit screen get the student and faculty columns the screen filters on,
-- then the table becomes append-only.
-- Rows naming a student that still exists: its national ID, name and college as they are now.
UPDATE "audit_log" a SET
  "student_national_id" = s."national_id",
  "student_name" = s."name",
  "faculty" = c."name"
FROM "students" s JOIN "colleges" c ON c."id" = s."college_id"
WHERE a."target_type" = 'student' AND s."id"::text = lower(a."target_id") AND a."student_national_id" IS NULL;
--> statement-breakpoint
-- A deleted student's own deletion row kept what it deleted in its details.
UPDATE "audit_log" SET
  "student_national_id" = "details"->>'nationalID',
  "student_name" = "details"->>'studentName',
  "faculty" = coalesce("faculty", "details"->>'faculty')
WHERE "action" = 'student.delete' AND "student_national_id" IS NULL AND "details" ? 'nationalID';
--> statement-breakpoint
-- Rows naming a college (exports, a faculty's deletion, deadlines).
UPDATE "audit_log" a SET "faculty" = c."name"
FROM "colleges" c
WHERE a."target_type" = 'college' AND c."id"::text = lower(a."target_id") AND a."faculty" IS NULL;
--> statement-breakpoint
-- Anything else a faculty ADMIN did concerns its own faculty.
UPDATE "audit_log" a SET "faculty" = c."name"
FROM "staff_users" u JOIN "colleges" c ON c."id" = u."college_id"
WHERE u."id" = a."actor_id" AND u."role" = 'ADMIN' AND a."faculty" IS NULL;
--> statement-breakpoint
-- The audit log cannot be changed or thinned through any connection the portal holds: one statement-level
-- trigger refuses every UPDATE and DELETE, even one that would touch no row. TRUNCATE (test set-up, an operator
-- at the console) is not a portal path and stays possible.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
