-- Download rules per client gallery: which sizes (originals, web sizes or both) and an optional
-- four-digit PIN, kept hashed like passwords.
ALTER TABLE "client_galleries" ADD COLUMN "download_size" varchar(10) DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_galleries" ADD COLUMN "download_pin_hash" text;
