ALTER TABLE "student_images" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "student_images" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "student_images" ADD COLUMN "reviewed_by_user_name" text;--> statement-breakpoint
ALTER TABLE "student_images" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "documents_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "documents_awaiting" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "review_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_images" ADD CONSTRAINT "student_images_reviewed_by_staff_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "students_college_documents_status_idx" ON "students" USING btree ("college_id","documents_status");--> statement-breakpoint
CREATE INDEX "students_review_queue_idx" ON "students" USING btree ("college_id","completed_at","id") WHERE "students"."documents_awaiting" > 0;