-- A service's and a love story's own title and description for search results and link previews (issue 37).
ALTER TABLE "services" ADD COLUMN "seo_title" varchar(70) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "seo_description" varchar(300) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "love_stories" ADD COLUMN "seo_title" varchar(70) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "love_stories" ADD COLUMN "seo_description" varchar(300) DEFAULT '' NOT NULL;
