-- Every message the server sends goes through the job queue: its text and where it stands
-- (queued, sent, failed) live here, so the portal can show them and nothing is lost across a
-- restart. The queue's job carries only the id.
CREATE TABLE "outgoing_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"delivered" varchar(20),
	"detail" text,
	"sent_email_id" integer,
	"recipient_id" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_sent" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outgoing_mail" ADD CONSTRAINT "outgoing_mail_sent_email_id_sent_emails_id_fk" FOREIGN KEY ("sent_email_id") REFERENCES "public"."sent_emails"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "outgoing_mail_sent_email_idx" ON "outgoing_mail" USING btree ("sent_email_id");
--> statement-breakpoint
CREATE INDEX "outgoing_mail_time_created_idx" ON "outgoing_mail" USING btree ("time_created");
