ALTER TABLE "students" ADD COLUMN "first_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "documents_accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "interview_outcomes_recorded_idx" ON "interview_outcomes" USING btree ("recorded_at","student_id") WHERE "interview_outcomes"."attended";--> statement-breakpoint
CREATE INDEX "student_images_refused_idx" ON "student_images" USING btree ("student_id","kind","review_reason") WHERE "student_images"."review_status" = 'rejected';--> statement-breakpoint
CREATE INDEX "students_funnel_idx" ON "students" USING btree ("season_id","college_id","is_passed","is_completed_additional_questions","is_complete","documents_status","forms_downloaded_at");--> statement-breakpoint
CREATE INDEX "students_season_created_idx" ON "students" USING btree ("season_id","created_at","college_id");--> statement-breakpoint
CREATE INDEX "students_season_first_login_idx" ON "students" USING btree ("season_id","first_login_at","college_id") WHERE "students"."first_login_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "students_season_completed_idx" ON "students" USING btree ("season_id","completed_at","college_id","created_at") WHERE "students"."completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "students_season_accepted_idx" ON "students" USING btree ("season_id","documents_accepted_at","college_id","completed_at") WHERE "students"."documents_accepted_at" IS NOT NULL;