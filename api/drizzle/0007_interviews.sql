CREATE TABLE "interview_outcomes" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"attended" boolean NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" smallint,
	"decision" text,
	"notes" text,
	"recorded_by" uuid,
	"recorded_by_user_name" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_outcomes_decision_check" CHECK ("interview_outcomes"."decision" IS NULL OR "interview_outcomes"."attended"),
	CONSTRAINT "interview_outcomes_absent_check" CHECK ("interview_outcomes"."attended" OR ("interview_outcomes"."scores" = '{}'::jsonb AND "interview_outcomes"."total" IS NULL)),
	CONSTRAINT "interview_outcomes_total_check" CHECK ("interview_outcomes"."total" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "interview_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"period" smallint NOT NULL,
	"capacity" smallint NOT NULL,
	"place" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_slots_id_day_period_key" UNIQUE("id","day","period"),
	CONSTRAINT "interview_slots_period_check" CHECK ("interview_slots"."period" IN (9, 12)),
	CONSTRAINT "interview_slots_capacity_check" CHECK ("interview_slots"."capacity" BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "slot_id" uuid;--> statement-breakpoint
ALTER TABLE "interview_outcomes" ADD CONSTRAINT "interview_outcomes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_outcomes" ADD CONSTRAINT "interview_outcomes_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_slots" ADD CONSTRAINT "interview_slots_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_slots_day_period_place_key" ON "interview_slots" USING btree ("day","period","place");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_fk" FOREIGN KEY ("slot_id","appointed_day","appointed_hour") REFERENCES "public"."interview_slots"("id","day","period") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_slot_idx" ON "appointments" USING btree ("slot_id");