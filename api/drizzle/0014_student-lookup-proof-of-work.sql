CREATE TABLE "student_lookup_misses" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"misses" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_lookup_spent_proofs" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "student_lookup_spent_proofs_expires_at_idx" ON "student_lookup_spent_proofs" USING btree ("expires_at");