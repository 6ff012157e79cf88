-- The About page's own title and description, and the Home page's own title, for search results
-- and link previews (issue 37), as services, love stories and posts have; empty: made from their
-- text. The Home page's description is the site settings' seo_description (0003).
ALTER TABLE "about_content" ADD COLUMN "seo_title" varchar(70) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "about_content" ADD COLUMN "seo_description" varchar(300) DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "home_seo_title" varchar(70) DEFAULT '' NOT NULL;
