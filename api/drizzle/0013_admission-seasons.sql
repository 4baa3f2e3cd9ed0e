-- Issue 21: every student belongs to an admission season; a national ID is unique per season, not overall.
CREATE TABLE "admission_seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"images_deleted_at" timestamp with time zone,
	CONSTRAINT "admission_seasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admission_seasons_one_current" ON "admission_seasons" USING btree ((true)) WHERE "admission_seasons"."closed_at" IS NULL;--> statement-breakpoint
-- The season the students so far belong to, named the way config.ts names ACADEMIC_YEAR's default; a start with
-- ACADEMIC_YEAR set renames it while it is the only season (seasons.service.ts).
INSERT INTO "admission_seasons" ("name")
SELECT CASE WHEN extract(month FROM now()) >= 7
  THEN extract(year FROM now())::int || '/' || (extract(year FROM now())::int + 1)
  ELSE (extract(year FROM now())::int - 1) || '/' || extract(year FROM now())::int END;--> statement-breakpoint
-- Each instance caches the current season's name (the branding's academic year) like the content of issue 19.
INSERT INTO "content_versions" ("kind") VALUES ('seasons');--> statement-breakpoint
-- The default of students.season_id: an import, or old code that knows nothing of seasons, adds to the current one.
CREATE FUNCTION admission_current_season() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT "id" FROM "admission_seasons" WHERE "closed_at" IS NULL $$;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "season_id" uuid DEFAULT admission_current_season() NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_season_id_admission_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."admission_seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "students_national_id_season_key" ON "students" USING btree ("national_id","season_id");--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_national_id_unique";--> statement-breakpoint
DROP INDEX "students_college_idx";--> statement-breakpoint
DROP INDEX "students_college_name_search_idx";--> statement-breakpoint
DROP INDEX "students_college_documents_status_idx";--> statement-breakpoint
DROP INDEX "students_review_queue_idx";--> statement-breakpoint
CREATE INDEX "students_college_idx" ON "students" USING btree ("college_id","season_id","is_complete");--> statement-breakpoint
CREATE INDEX "students_college_name_search_idx" ON "students" USING btree ("college_id","season_id","name_search","id","name","national_id","phone_number","is_complete","is_passed","is_completed_additional_questions","documents_status");--> statement-breakpoint
CREATE INDEX "students_college_documents_status_idx" ON "students" USING btree ("college_id","season_id","documents_status","name_search","id","name","national_id","phone_number","is_complete","is_passed","is_completed_additional_questions");--> statement-breakpoint
CREATE INDEX "students_review_queue_idx" ON "students" USING btree ("college_id","season_id","completed_at","id") WHERE "students"."documents_awaiting" > 0;--> statement-breakpoint
ALTER TABLE "student_images" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
-- A closed season is read-only, whatever code path writes: a student's row and what hangs off it refuse changes
-- with SQLSTATE PA001 (answered 409 in Arabic). The retention job, a season's deletion and a restore from a
-- backup set portal.season_maintenance for their own transaction. Notifications are left out: deliveries queued
-- before the season closed still record their outcome.
CREATE FUNCTION refuse_closed_season_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  season uuid;
BEGIN
  IF current_setting('portal.season_maintenance', true) = 'on' THEN
    RETURN coalesce(NEW, OLD);
  END IF;
  IF TG_TABLE_NAME = 'students' AND TG_OP = 'INSERT' THEN
    season := NEW.season_id;
  ELSIF TG_TABLE_NAME = 'students' THEN
    season := OLD.season_id;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT s.season_id INTO season FROM students s WHERE s.id = OLD.student_id;
  ELSE
    SELECT s.season_id INTO season FROM students s WHERE s.id = NEW.student_id;
  END IF;
  IF EXISTS (SELECT 1 FROM admission_seasons a WHERE a.id = season AND a.closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'season_closed' USING ERRCODE = 'PA001';
  END IF;
  RETURN coalesce(NEW, OLD);
END $$;--> statement-breakpoint
CREATE TRIGGER students_closed_season BEFORE INSERT OR UPDATE OR DELETE ON students
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_season_write();--> statement-breakpoint
CREATE TRIGGER student_images_closed_season BEFORE INSERT OR UPDATE OR DELETE ON student_images
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_season_write();--> statement-breakpoint
CREATE TRIGGER quiz_draws_closed_season BEFORE INSERT OR UPDATE OR DELETE ON quiz_draws
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_season_write();--> statement-breakpoint
CREATE TRIGGER quiz_attempts_closed_season BEFORE INSERT OR UPDATE OR DELETE ON quiz_attempts
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_season_write();--> statement-breakpoint
CREATE TRIGGER additional_answers_closed_season BEFORE INSERT OR UPDATE OR DELETE ON additional_answers
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_season_write();--> statement-breakpoint
CREATE TRIGGER appointments_closed_season BEFORE INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_season_write();--> statement-breakpoint
CREATE TRIGGER interview_outcomes_closed_season BEFORE INSERT OR UPDATE OR DELETE ON interview_outcomes
  FOR EACH ROW EXECUTE FUNCTION refuse_closed_season_write();
