CREATE TABLE IF NOT EXISTS "site_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"studio_name" text NOT NULL,
	"tagline" text NOT NULL,
	"seo_description" text NOT NULL,
	"social_links" jsonb NOT NULL,
	"menu_pages" jsonb NOT NULL,
	"time_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("id" = 1)
);
