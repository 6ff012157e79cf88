-- Private previews and the studio's watermark. A client gallery may put the watermark on what its
-- customer sees; the watermark itself is one row (text or a PNG logo, position, size, opacity).
-- The expression indexes find the asset owning a derived file's key, which /media/ asks of every
-- file it serves (a client gallery's files are refused there).
ALTER TABLE "client_galleries" ADD COLUMN "watermark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "studio_watermark" (
	"id" integer PRIMARY KEY NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"logo_asset_id" integer,
	"position" varchar(20) DEFAULT 'bottom-right' NOT NULL,
	"size" integer DEFAULT 25 NOT NULL,
	"opacity" integer DEFAULT 50 NOT NULL,
	"time_updated" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "studio_watermark" ADD CONSTRAINT "studio_watermark_logo_asset_id_media_assets_id_fk" FOREIGN KEY ("logo_asset_id") REFERENCES "public"."media_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_watermark_logo_asset" ON "studio_watermark" USING btree ("logo_asset_id");--> statement-breakpoint
CREATE INDEX "media_assets_square_key" ON "media_assets" USING btree (("variants"->>'square'));--> statement-breakpoint
CREATE INDEX "media_assets_wide_key" ON "media_assets" USING btree (("variants"->>'wide'));--> statement-breakpoint
CREATE INDEX "media_assets_width_keys" ON "media_assets" USING gin (("variants"->'widths') jsonb_path_ops);
