-- The studio's brand (a logo, from which the favicon is made, an accent colour and a font
-- pairing) and when the first-run setup was finished or dismissed (null: show it).
ALTER TABLE "site_settings" ADD COLUMN "logo_asset_id" integer REFERENCES "media_assets"("id");--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "accent" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "font_pairing" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "setup_closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_settings_logo_asset" ON "site_settings" ("logo_asset_id");
