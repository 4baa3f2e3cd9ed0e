CREATE TABLE "additional_answers" (
	"student_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer" jsonb NOT NULL,
	"input" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "additional_answers_student_id_question_id_pk" PRIMARY KEY("student_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "additional_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"description" text,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"appointed_day" date NOT NULL,
	"appointed_hour" smallint NOT NULL,
	"appointed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_hour_check" CHECK ("appointments"."appointed_hour" IN (9, 12))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_user_name" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "college_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colleges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"social_work" boolean DEFAULT false NOT NULL,
	"tourism" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "colleges_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"correct_count" smallint NOT NULL,
	"passed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_draws" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"question_indexes" integer[] NOT NULL,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"index" integer PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"role" text NOT NULL,
	"college_id" uuid,
	"password_hash" text NOT NULL,
	"password_changed" boolean DEFAULT false NOT NULL,
	"credentials_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_admin_has_college" CHECK ("staff_users"."role" <> 'ADMIN' OR "staff_users"."college_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "student_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"review_status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"national_id" text NOT NULL,
	"name" text NOT NULL,
	"seat_no" text,
	"phone_number" text,
	"gender" text,
	"college_id" uuid NOT NULL,
	"enrollment_status" text DEFAULT 'none' NOT NULL,
	"imported_total_grade" numeric(7, 2),
	"imported_percentage" numeric(5, 2),
	"student_name_en" text,
	"address" text,
	"home_tel" text,
	"email" text,
	"program1" text,
	"program2" text,
	"program3" text,
	"qualification" text,
	"qualification_year" text,
	"total_grade" numeric(7, 2),
	"percentage" numeric(5, 2),
	"father_name" text,
	"father_job" text,
	"father_qualification" text,
	"father_nationality" text,
	"father_mobile" text,
	"master_name" text,
	"master_job" text,
	"master_qualification" text,
	"mother_name" text,
	"mother_nationality" text,
	"mother_job" text,
	"mother_mobile" text,
	"city" text,
	"brothers_num" smallint,
	"brothers_male_num" smallint,
	"brothers_female_num" smallint,
	"brothers_order" smallint,
	"income" integer,
	"is_complete" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"is_passed" boolean DEFAULT false NOT NULL,
	"passed_at" timestamp with time zone,
	"is_completed_additional_questions" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_national_id_unique" UNIQUE("national_id")
);
--> statement-breakpoint
ALTER TABLE "additional_answers" ADD CONSTRAINT "additional_answers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_answers" ADD CONSTRAINT "additional_answers_question_id_additional_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."additional_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_appointed_by_staff_users_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "college_programs" ADD CONSTRAINT "college_programs_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_images" ADD CONSTRAINT "student_images_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_college_id_colleges_id_fk" FOREIGN KEY ("college_id") REFERENCES "public"."colleges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_day_idx" ON "appointments" USING btree ("appointed_day","appointed_hour");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "college_programs_college_name_key" ON "college_programs" USING btree ("college_id","name");--> statement-breakpoint
CREATE INDEX "quiz_attempts_student_idx" ON "quiz_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_user_name_key" ON "staff_users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "student_images_student_kind_key" ON "student_images" USING btree ("student_id","kind");--> statement-breakpoint
CREATE INDEX "students_college_idx" ON "students" USING btree ("college_id","is_complete");--> statement-breakpoint
CREATE INDEX "students_completed_at_idx" ON "students" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("name");