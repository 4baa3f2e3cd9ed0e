DROP INDEX "students_college_name_search_idx";--> statement-breakpoint
DROP INDEX "students_college_documents_status_idx";--> statement-breakpoint
CREATE INDEX "students_college_name_search_idx" ON "students" USING btree ("college_id","name_search","id","name","national_id","phone_number","is_complete","is_passed","is_completed_additional_questions","documents_status");--> statement-breakpoint
CREATE INDEX "students_college_documents_status_idx" ON "students" USING btree ("college_id","documents_status","name_search","id","name","national_id","phone_number","is_complete","is_passed","is_completed_additional_questions");--> statement-breakpoint
-- The staff list reads students from the index alone only on pages the visibility map marks all-visible: vacuum
-- the table after 2 % of its rows changed (PostgreSQL's default waits for 20 %), so a busy season's updates do
-- not send the list back to the table for long (decision 10).
ALTER TABLE "students" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
