-- Images get an owner. Every image kept as jsonb in its entity's row becomes a media_assets row
-- (one per SHA-256: areas sharing a file share the asset), referenced by a <field>_asset_id
-- foreign key; gallery photos get a real parent (galleries) instead of (parent_type, parent_id).
-- Photos whose parent no longer exists are dropped: their files are collected by the sweep.
CREATE TABLE "media_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"mime" varchar(40) NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"placeholder" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_sha256" ON "media_assets" USING btree ("sha256");
--> statement-breakpoint
INSERT INTO "media_assets" ("sha256", "mime", "bytes", "width", "height", "variants", "placeholder", "created_at")
SELECT DISTINCT ON (img->>'sha256')
  img->>'sha256', img->>'mime', (img->>'bytes')::int, (img->>'width')::int, (img->>'height')::int,
  jsonb_strip_nulls(jsonb_build_object(
    'original', img->>'original', 'widths', coalesce(img->'variants', '[]'::jsonb),
    'square', img->>'square', 'wide', img->>'wide', 'thumbhash', img->>'thumbhash')),
  img->>'placeholder', at
FROM (
  SELECT "cover" AS img, "time_created" AS at FROM "services" WHERE "cover" IS NOT NULL UNION ALL
  SELECT "image" AS img, "time_created" AS at FROM "page_images" WHERE "image" IS NOT NULL UNION ALL
  SELECT "page_image" AS img, "time_created" AS at FROM "about_content" WHERE "page_image" IS NOT NULL UNION ALL
  SELECT "info_image" AS img, "time_created" AS at FROM "about_content" WHERE "info_image" IS NOT NULL UNION ALL
  SELECT "image" AS img, "time_created" AS at FROM "carousel_items" WHERE "image" IS NOT NULL UNION ALL
  SELECT "cover" AS img, "time_created" AS at FROM "home_gallery_images" WHERE "cover" IS NOT NULL UNION ALL
  SELECT "nav_image" AS img, "time_created" AS at FROM "contact_us_content" WHERE "nav_image" IS NOT NULL UNION ALL
  SELECT "cover" AS img, "time_created" AS at FROM "love_stories" WHERE "cover" IS NOT NULL UNION ALL
  SELECT "cover" AS img, "time_created" AS at FROM "client_galleries" WHERE "cover" IS NOT NULL UNION ALL
  SELECT "cover" AS img, "time_created" AS at FROM "team_members" WHERE "cover" IS NOT NULL UNION ALL
  SELECT "image" AS img, "time_created" AS at FROM "service_page" WHERE "image" IS NOT NULL UNION ALL
  SELECT "image" AS img, "time_created" AS at FROM "gallery_photos" WHERE "image" IS NOT NULL
) AS images
ORDER BY img->>'sha256', at;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "cover_asset_id" integer;
--> statement-breakpoint
UPDATE "services" SET "cover_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "services"."cover"->>'sha256';
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "cover_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_cover_asset_id_media_assets_id_fk" FOREIGN KEY ("cover_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "services_cover_asset" ON "services" USING btree ("cover_asset_id");
--> statement-breakpoint
ALTER TABLE "services" DROP COLUMN "cover";
--> statement-breakpoint
ALTER TABLE "page_images" ADD COLUMN "image_asset_id" integer;
--> statement-breakpoint
UPDATE "page_images" SET "image_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "page_images"."image"->>'sha256';
--> statement-breakpoint
ALTER TABLE "page_images" ALTER COLUMN "image_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "page_images" ADD CONSTRAINT "page_images_image_asset_id_media_assets_id_fk" FOREIGN KEY ("image_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "page_images_image_asset" ON "page_images" USING btree ("image_asset_id");
--> statement-breakpoint
ALTER TABLE "page_images" DROP COLUMN "image";
--> statement-breakpoint
ALTER TABLE "about_content" ADD COLUMN "page_image_asset_id" integer;
--> statement-breakpoint
UPDATE "about_content" SET "page_image_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "about_content"."page_image"->>'sha256';
--> statement-breakpoint
ALTER TABLE "about_content" ADD CONSTRAINT "about_content_page_image_asset_id_media_assets_id_fk" FOREIGN KEY ("page_image_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "about_content_page_image_asset" ON "about_content" USING btree ("page_image_asset_id");
--> statement-breakpoint
ALTER TABLE "about_content" DROP COLUMN "page_image";
--> statement-breakpoint
ALTER TABLE "about_content" ADD COLUMN "info_image_asset_id" integer;
--> statement-breakpoint
UPDATE "about_content" SET "info_image_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "about_content"."info_image"->>'sha256';
--> statement-breakpoint
ALTER TABLE "about_content" ALTER COLUMN "info_image_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "about_content" ADD CONSTRAINT "about_content_info_image_asset_id_media_assets_id_fk" FOREIGN KEY ("info_image_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "about_content_info_image_asset" ON "about_content" USING btree ("info_image_asset_id");
--> statement-breakpoint
ALTER TABLE "about_content" DROP COLUMN "info_image";
--> statement-breakpoint
ALTER TABLE "carousel_items" ADD COLUMN "image_asset_id" integer;
--> statement-breakpoint
UPDATE "carousel_items" SET "image_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "carousel_items"."image"->>'sha256';
--> statement-breakpoint
ALTER TABLE "carousel_items" ALTER COLUMN "image_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "carousel_items" ADD CONSTRAINT "carousel_items_image_asset_id_media_assets_id_fk" FOREIGN KEY ("image_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "carousel_items_image_asset" ON "carousel_items" USING btree ("image_asset_id");
--> statement-breakpoint
ALTER TABLE "carousel_items" DROP COLUMN "image";
--> statement-breakpoint
ALTER TABLE "home_gallery_images" ADD COLUMN "cover_asset_id" integer;
--> statement-breakpoint
UPDATE "home_gallery_images" SET "cover_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "home_gallery_images"."cover"->>'sha256';
--> statement-breakpoint
ALTER TABLE "home_gallery_images" ALTER COLUMN "cover_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "home_gallery_images" ADD CONSTRAINT "home_gallery_images_cover_asset_id_media_assets_id_fk" FOREIGN KEY ("cover_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "home_gallery_images_cover_asset" ON "home_gallery_images" USING btree ("cover_asset_id");
--> statement-breakpoint
ALTER TABLE "home_gallery_images" DROP COLUMN "cover";
--> statement-breakpoint
ALTER TABLE "contact_us_content" ADD COLUMN "nav_image_asset_id" integer;
--> statement-breakpoint
UPDATE "contact_us_content" SET "nav_image_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "contact_us_content"."nav_image"->>'sha256';
--> statement-breakpoint
ALTER TABLE "contact_us_content" ADD CONSTRAINT "contact_us_content_nav_image_asset_id_media_assets_id_fk" FOREIGN KEY ("nav_image_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "contact_us_content_nav_image_asset" ON "contact_us_content" USING btree ("nav_image_asset_id");
--> statement-breakpoint
ALTER TABLE "contact_us_content" DROP COLUMN "nav_image";
--> statement-breakpoint
ALTER TABLE "love_stories" ADD COLUMN "cover_asset_id" integer;
--> statement-breakpoint
UPDATE "love_stories" SET "cover_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "love_stories"."cover"->>'sha256';
--> statement-breakpoint
ALTER TABLE "love_stories" ALTER COLUMN "cover_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "love_stories" ADD CONSTRAINT "love_stories_cover_asset_id_media_assets_id_fk" FOREIGN KEY ("cover_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "love_stories_cover_asset" ON "love_stories" USING btree ("cover_asset_id");
--> statement-breakpoint
ALTER TABLE "love_stories" DROP COLUMN "cover";
--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "cover_asset_id" integer;
--> statement-breakpoint
UPDATE "client_galleries" SET "cover_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "client_galleries"."cover"->>'sha256';
--> statement-breakpoint
ALTER TABLE "client_galleries" ALTER COLUMN "cover_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_galleries" ADD CONSTRAINT "client_galleries_cover_asset_id_media_assets_id_fk" FOREIGN KEY ("cover_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "client_galleries_cover_asset" ON "client_galleries" USING btree ("cover_asset_id");
--> statement-breakpoint
ALTER TABLE "client_galleries" DROP COLUMN "cover";
--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "cover_asset_id" integer;
--> statement-breakpoint
UPDATE "team_members" SET "cover_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "team_members"."cover"->>'sha256';
--> statement-breakpoint
ALTER TABLE "team_members" ALTER COLUMN "cover_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_cover_asset_id_media_assets_id_fk" FOREIGN KEY ("cover_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "team_members_cover_asset" ON "team_members" USING btree ("cover_asset_id");
--> statement-breakpoint
ALTER TABLE "team_members" DROP COLUMN "cover";
--> statement-breakpoint
ALTER TABLE "service_page" ADD COLUMN "image_asset_id" integer;
--> statement-breakpoint
UPDATE "service_page" SET "image_asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = "service_page"."image"->>'sha256';
--> statement-breakpoint
ALTER TABLE "service_page" ALTER COLUMN "image_asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "service_page" ADD CONSTRAINT "service_page_image_asset_id_media_assets_id_fk" FOREIGN KEY ("image_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "service_page_image_asset" ON "service_page" USING btree ("image_asset_id");
--> statement-breakpoint
ALTER TABLE "service_page" DROP COLUMN "image";
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer,
	"love_story_id" integer,
	"client_gallery_id" integer,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "galleries_one_owner" CHECK (num_nonnulls("galleries"."service_id", "galleries"."love_story_id", "galleries"."client_gallery_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_love_story_id_love_stories_id_fk" FOREIGN KEY ("love_story_id") REFERENCES "public"."love_stories"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_client_gallery_id_client_galleries_id_fk" FOREIGN KEY ("client_gallery_id") REFERENCES "public"."client_galleries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "galleries_service" ON "galleries" USING btree ("service_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "galleries_love_story" ON "galleries" USING btree ("love_story_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "galleries_client_gallery" ON "galleries" USING btree ("client_gallery_id");
--> statement-breakpoint
INSERT INTO "galleries" ("service_id", "time_created")
SELECT p."parent_id", min(p."time_created") FROM "gallery_photos" p JOIN "services" o ON o."id" = p."parent_id"
WHERE p."parent_type" = 'service' GROUP BY p."parent_id";
--> statement-breakpoint
INSERT INTO "galleries" ("love_story_id", "time_created")
SELECT p."parent_id", min(p."time_created") FROM "gallery_photos" p JOIN "love_stories" o ON o."id" = p."parent_id"
WHERE p."parent_type" = 'love-story' GROUP BY p."parent_id";
--> statement-breakpoint
INSERT INTO "galleries" ("client_gallery_id", "time_created")
SELECT p."parent_id", min(p."time_created") FROM "gallery_photos" p JOIN "client_galleries" o ON o."id" = p."parent_id"
WHERE p."parent_type" = 'client-gallery' GROUP BY p."parent_id";
--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD COLUMN "gallery_id" integer;
--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD COLUMN "asset_id" integer;
--> statement-breakpoint
UPDATE "gallery_photos" p SET "gallery_id" = g."id" FROM "galleries" g
WHERE (p."parent_type" = 'service' AND g."service_id" = p."parent_id")
   OR (p."parent_type" = 'love-story' AND g."love_story_id" = p."parent_id")
   OR (p."parent_type" = 'client-gallery' AND g."client_gallery_id" = p."parent_id");
--> statement-breakpoint
UPDATE "gallery_photos" p SET "asset_id" = a."id" FROM "media_assets" a WHERE a."sha256" = p."image"->>'sha256';
--> statement-breakpoint
-- Photos of a parent that is gone (the old schema could not prevent them).
DELETE FROM "gallery_photos" WHERE "gallery_id" IS NULL OR "asset_id" IS NULL;
--> statement-breakpoint
DROP INDEX "gallery_photos_name";
--> statement-breakpoint
DROP INDEX "gallery_photos_sha";
--> statement-breakpoint
DROP INDEX "gallery_photos_order";
--> statement-breakpoint
ALTER TABLE "gallery_photos" DROP COLUMN "parent_type";
--> statement-breakpoint
ALTER TABLE "gallery_photos" DROP COLUMN "parent_id";
--> statement-breakpoint
ALTER TABLE "gallery_photos" DROP COLUMN "sha256";
--> statement-breakpoint
ALTER TABLE "gallery_photos" DROP COLUMN "image";
--> statement-breakpoint
ALTER TABLE "gallery_photos" ALTER COLUMN "gallery_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "gallery_photos" ALTER COLUMN "asset_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_photos_name" ON "gallery_photos" USING btree ("gallery_id","name");
--> statement-breakpoint
CREATE UNIQUE INDEX "gallery_photos_asset" ON "gallery_photos" USING btree ("gallery_id","asset_id");
--> statement-breakpoint
CREATE INDEX "gallery_photos_order" ON "gallery_photos" USING btree ("gallery_id","position","id");
--> statement-breakpoint
CREATE INDEX "gallery_photos_asset_id" ON "gallery_photos" USING btree ("asset_id");
