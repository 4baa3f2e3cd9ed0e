-- Issue 19: the university edits its quiz bank, questionnaire, charter and colleges; what students answered keeps
-- the wording they saw.
CREATE TABLE "charter_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"created_by_user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"kind" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_question_versions" (
	"question_index" integer NOT NULL,
	"version" integer NOT NULL,
	"question" text NOT NULL,
	"answer" boolean NOT NULL,
	"section" text,
	"created_by_user_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_question_versions_question_index_version_pk" PRIMARY KEY("question_index","version")
);
--> statement-breakpoint
ALTER TABLE "additional_answers" ADD COLUMN "question" jsonb;--> statement-breakpoint
-- Answers given before this release were given to the questions as they are now.
UPDATE "additional_answers" a SET "question" = jsonb_strip_nulls(jsonb_build_object(
  'question', q."question", 'type', q."type", 'description', q."description", 'options', to_jsonb(q."options")))
FROM "additional_questions" q WHERE q."id" = a."question_id";--> statement-breakpoint
ALTER TABLE "additional_answers" ALTER COLUMN "question" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "additional_questions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "college_programs" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "colleges" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "question_versions" jsonb;--> statement-breakpoint
-- Open draws were drawn from version 1 of each question, the only one there was.
ALTER TABLE "quiz_draws" ADD COLUMN "question_versions" integer[];--> statement-breakpoint
UPDATE "quiz_draws" SET "question_versions" = array_fill(1, ARRAY[cardinality("question_indexes")]);--> statement-breakpoint
ALTER TABLE "quiz_draws" ALTER COLUMN "question_versions" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_question_versions" ADD CONSTRAINT "quiz_question_versions_question_index_quiz_questions_index_fk" FOREIGN KEY ("question_index") REFERENCES "public"."quiz_questions"("index") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
INSERT INTO "quiz_question_versions" ("question_index", "version", "question", "answer")
SELECT "index", 1, "question", "answer" FROM "quiz_questions";--> statement-breakpoint
INSERT INTO "content_versions" ("kind") VALUES ('quiz'), ('questionnaire'), ('charter'), ('colleges');
