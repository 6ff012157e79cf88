-- Each visitor's selection: a client gallery may ask a visitor's name and e-mail first
-- (require_email) and cap a list (selection_limit). Every list of favourites belongs to a row of
-- delivery_visitors: a registered visitor, or the gallery's one shared list (email null), which
-- existing favourites move to. Notes are per list and photo. The studio's alerts are Site
-- settings; a gallery remembers when it sent its once-only alerts.
ALTER TABLE "client_galleries" ADD COLUMN "require_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "selection_limit" integer;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "opened_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "downloaded_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "alert_selection_submitted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "alert_gallery_opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "alert_gallery_downloaded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "delivery_visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_gallery_id" integer NOT NULL,
	"name" varchar(200) DEFAULT '' NOT NULL,
	"email" varchar(254),
	"submitted_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_visitors" ADD CONSTRAINT "delivery_visitors_client_gallery_id_client_galleries_id_fk" FOREIGN KEY ("client_gallery_id") REFERENCES "public"."client_galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_visitors_email" ON "delivery_visitors" USING btree ("client_gallery_id","email") WHERE "delivery_visitors"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_visitors_shared" ON "delivery_visitors" USING btree ("client_gallery_id") WHERE "delivery_visitors"."email" is null;--> statement-breakpoint
INSERT INTO "delivery_visitors" ("client_gallery_id") SELECT DISTINCT "client_gallery_id" FROM "delivery_favourites";--> statement-breakpoint
ALTER TABLE "delivery_favourites" ADD COLUMN "visitor_id" integer;--> statement-breakpoint
UPDATE "delivery_favourites" SET "visitor_id" = v."id" FROM "delivery_visitors" v WHERE v."client_gallery_id" = "delivery_favourites"."client_gallery_id" AND v."email" IS NULL;--> statement-breakpoint
ALTER TABLE "delivery_favourites" ALTER COLUMN "visitor_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_favourites" ADD CONSTRAINT "delivery_favourites_visitor_id_delivery_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."delivery_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "delivery_favourites_pair";--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_favourites_pair" ON "delivery_favourites" USING btree ("visitor_id","photo_id");--> statement-breakpoint
CREATE INDEX "delivery_favourites_gallery" ON "delivery_favourites" USING btree ("client_gallery_id");--> statement-breakpoint
CREATE TABLE "delivery_notes" (
	"visitor_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"text" varchar(1000) NOT NULL,
	"time_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_visitor_id_delivery_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."delivery_visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_notes" ADD CONSTRAINT "delivery_notes_photo_id_gallery_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_notes_pair" ON "delivery_notes" USING btree ("visitor_id","photo_id");--> statement-breakpoint
CREATE INDEX "delivery_notes_photo" ON "delivery_notes" USING btree ("photo_id");
