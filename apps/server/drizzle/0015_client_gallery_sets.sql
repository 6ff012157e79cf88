-- Sets: named, ordered groups of a client gallery's photos (Getting ready, Ceremony, Reception).
-- A photo is in at most one set (the photo is the key); deleting a set leaves its photos in the
-- gallery, in no set, and deleting a photo or the gallery takes its memberships with it.
CREATE TABLE "client_gallery_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_gallery_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_gallery_sets" ADD CONSTRAINT "client_gallery_sets_client_gallery_id_client_galleries_id_fk" FOREIGN KEY ("client_gallery_id") REFERENCES "public"."client_galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_gallery_sets_name" ON "client_gallery_sets" USING btree ("client_gallery_id",lower("name"));--> statement-breakpoint
CREATE TABLE "client_gallery_set_photos" (
	"photo_id" integer PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_gallery_set_photos" ADD CONSTRAINT "client_gallery_set_photos_photo_id_gallery_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."gallery_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_gallery_set_photos" ADD CONSTRAINT "client_gallery_set_photos_set_id_client_gallery_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."client_gallery_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_gallery_set_photos_set" ON "client_gallery_set_photos" USING btree ("set_id");
