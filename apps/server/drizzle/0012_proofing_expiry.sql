-- Expiry the way studios mean it: the studio's time zone and how many days before expiry the
-- customer is reminded; each gallery remembers which expiry date it reminded of (once each).
ALTER TABLE "site_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "expiry_reminder_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "expiry_reminder_for" date;
