-- Enquiries become a pipeline: the contact form's extra answers, a status and notes, the customer
-- (and client gallery) made from one, and the replies sent from the portal.
ALTER TABLE "enquiries" ADD COLUMN "event_date" date;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "venue" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "service_id" integer;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "service_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "budget" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "phone" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "heard_from" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "status" varchar(10) DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "notes" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "customer_id" integer;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "client_gallery_id" integer;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "time_acknowledged" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_customer_id_accounts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_client_gallery_id_client_galleries_id_fk" FOREIGN KEY ("client_gallery_id") REFERENCES "public"."client_galleries"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "enquiries_status_idx" ON "enquiries" USING btree ("status");
--> statement-breakpoint
CREATE TABLE "enquiry_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"outgoing_mail_id" integer,
	"sent_by" text DEFAULT '' NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "enquiry_replies" ADD CONSTRAINT "enquiry_replies_outgoing_mail_id_outgoing_mail_id_fk" FOREIGN KEY ("outgoing_mail_id") REFERENCES "public"."outgoing_mail"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "enquiry_replies_enquiry_idx" ON "enquiry_replies" USING btree ("enquiry_id");
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "enquiry_fields" jsonb;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "enquiry_privacy" text;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "enquiry_ack_enabled" boolean;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "enquiry_ack_subject" text;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "enquiry_ack_message" text;
