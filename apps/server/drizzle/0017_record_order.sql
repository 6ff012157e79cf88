-- The order an admin puts services, home gallery images, carousel slides and team members in,
-- which the website follows. Existing rows keep the order the website showed them in until now
-- (services, gallery and slides newest first, the team oldest first); new rows go last.
ALTER TABLE "services" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "home_gallery_images" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carousel_items" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "services" t SET "position" = r.pos
  FROM (SELECT "id", row_number() OVER (ORDER BY "time_created" DESC, "id" DESC) - 1 AS pos FROM "services") r
  WHERE t."id" = r."id";--> statement-breakpoint
UPDATE "home_gallery_images" t SET "position" = r.pos
  FROM (SELECT "id", row_number() OVER (ORDER BY "time_created" DESC, "id" DESC) - 1 AS pos FROM "home_gallery_images") r
  WHERE t."id" = r."id";--> statement-breakpoint
UPDATE "carousel_items" t SET "position" = r.pos
  FROM (SELECT "id", row_number() OVER (ORDER BY "time_created" DESC, "id" DESC) - 1 AS pos FROM "carousel_items") r
  WHERE t."id" = r."id";--> statement-breakpoint
UPDATE "team_members" t SET "position" = r.pos
  FROM (SELECT "id", row_number() OVER (ORDER BY "time_created" ASC, "id" ASC) - 1 AS pos FROM "team_members") r
  WHERE t."id" = r."id";
