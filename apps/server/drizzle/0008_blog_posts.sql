-- The journal: posts with the editor's ProseMirror JSON as their body, and the photos uploaded
-- for them (a post's cover is one of its photos: no foreign key back, so a backup restores
-- parents before children).
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(80) NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"cover_photo_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seo_title" varchar(70) DEFAULT '' NOT NULL,
	"seo_description" varchar(300) DEFAULT '' NOT NULL,
	"status" varchar(20) DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"time_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_post_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"image_asset_id" integer NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_post_photos" ADD CONSTRAINT "blog_post_photos_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "blog_post_photos" ADD CONSTRAINT "blog_post_photos_image_asset_id_media_assets_id_fk" FOREIGN KEY ("image_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "blog_posts_status_publish_at" ON "blog_posts" USING btree ("status","publish_at");
--> statement-breakpoint
CREATE INDEX "blog_post_photos_post" ON "blog_post_photos" USING btree ("post_id");
--> statement-breakpoint
CREATE INDEX "blog_post_photos_image_asset" ON "blog_post_photos" USING btree ("image_asset_id");
