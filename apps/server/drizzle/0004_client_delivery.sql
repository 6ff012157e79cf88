-- Every gallery has a link: rows made by Node get 32 bytes from crypto.randomBytes; the default (two
-- UUIDs' 244 random bits, base64url) gives existing galleries theirs, and rows restored from older backups.
ALTER TABLE "client_galleries" ADD COLUMN "delivery_token" varchar(64) DEFAULT rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "delivery_password_hash" text;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "delivery_expires_at" date;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "allow_download" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "client_galleries_delivery_token" ON "client_galleries" USING btree ("delivery_token");--> statement-breakpoint
CREATE TABLE "delivery_favourites" (
	"client_gallery_id" integer NOT NULL,
	"photo_id" integer NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_favourites" ADD CONSTRAINT "delivery_favourites_client_gallery_id_client_galleries_id_fk" FOREIGN KEY ("client_gallery_id") REFERENCES "public"."client_galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_favourites" ADD CONSTRAINT "delivery_favourites_photo_id_gallery_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_favourites_pair" ON "delivery_favourites" USING btree ("client_gallery_id","photo_id");--> statement-breakpoint
CREATE INDEX "delivery_favourites_photo" ON "delivery_favourites" USING btree ("photo_id");--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_gallery_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"detail" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_client_gallery_id_client_galleries_id_fk" FOREIGN KEY ("client_gallery_id") REFERENCES "public"."client_galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_events_gallery_at" ON "delivery_events" USING btree ("client_gallery_id","at");--> statement-breakpoint
CREATE INDEX "delivery_events_at" ON "delivery_events" USING btree ("at");--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
