-- A gallery photo's upload stores its original and answers; its derived files are made by a job.
-- Until then the asset is 'processing'; 'failed' carries the message the portal shows. Every
-- asset from before was derived in its request, so it is 'ready'.
ALTER TABLE "media_assets" ADD COLUMN "state" varchar(12) DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_assets" ADD COLUMN "error" text;--> statement-breakpoint
CREATE INDEX "media_assets_pending" ON "media_assets" USING btree ("id") WHERE "state" = 'processing';
